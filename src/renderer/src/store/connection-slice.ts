import type { StateCreator } from 'zustand';
import type { FeedStatus } from '../api/feed';

/** The page's link to the service: live stream status, sign-in, package activity. */
export interface ConnectionSlice {
  feed: FeedStatus;
  /** The session cookie was refused: the page must be opened through a fresh `runnel open` link. */
  signedOut: boolean;
  /** npm fetch progress lines, newest last (the last 20). */
  activity: { ts: number; line: string }[];
  setFeed(s: FeedStatus): void;
  setSignedOut(): void;
  addActivity(a: { ts: number; line: string }): void;
}

export const createConnectionSlice: StateCreator<ConnectionSlice, [], [], ConnectionSlice> = (set) => ({
  feed: 'connecting',
  signedOut: false,
  activity: [],
  setFeed: (feed) => set({ feed }),
  setSignedOut: () => set({ signedOut: true }),
  addActivity: (a) => set((s) => ({ activity: [...s.activity, a].slice(-20) })),
});
