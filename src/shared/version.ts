/** Runnel's version (kept equal to package.json's by tests/unit/version.test.ts). */
export const VERSION = '0.1.0';
