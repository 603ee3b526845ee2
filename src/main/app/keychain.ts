import { safeStorage } from 'electron';
import type { KeyWrapper } from '../store/secret-box';

/** The OS keychain (Keychain, DPAPI, libsecret) through Electron's safeStorage, when available. */
export function keychainWrapper(): KeyWrapper | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  return {
    wrap: (plain) => safeStorage.encryptString(plain.toString('utf8')),
    unwrap: (wrapped) => Buffer.from(safeStorage.decryptString(wrapped), 'utf8'),
  };
}
