// The game state machine: forming -> active <-> paused -> completed | terminated.
import type { GameStatus } from '../../store/games.js';

const ALLOWED: Record<GameStatus, GameStatus[]> = {
  forming: ['active', 'terminated'],
  active: ['paused', 'completed', 'terminated'],
  paused: ['active', 'terminated'],
  completed: [],
  terminated: [],
};

export function canMove(from: GameStatus, to: GameStatus): boolean {
  return ALLOWED[from].includes(to);
}

/** Why the move is refused, in words a GM understands, or null when it is allowed. */
export function refusal(from: GameStatus, to: GameStatus): string | null {
  if (canMove(from, to)) return null;
  if (from === to) return `the game is already ${from}`;
  if (from === 'completed' || from === 'terminated') return `the game is ${from}; nothing can change it any more`;
  return `a game that is ${from} cannot become ${to}`;
}
