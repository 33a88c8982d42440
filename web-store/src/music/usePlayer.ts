import { useSyncExternalStore } from 'react';
import type { PlayerState } from './playerCore';
import { type PlayerStore, playerStore } from './playerStore';

/** The player's state, re-rendering on every change, and its actions. */
export function usePlayer(): { state: PlayerState; player: PlayerStore } {
  const player = playerStore();
  const state = useSyncExternalStore(player.subscribe, player.getState, player.getState);
  return { state, player };
}
