// The seed's words for an achievement just earned ("ACHIEVEMENT UNLOCKED"), which the
// pop-up and the announcer say. The Achievements dialog (render-achievements.ts) is a
// chunk of its own; these words are needed the moment a game ends.
import type { Achievement } from '../net/types';

/** The seed's sentences for an achievement just earned. */
export function unlockedWords(a: Achievement): { readonly heading: string; readonly text: string; readonly question: string } {
  return {
    heading: 'ACHIEVEMENT UNLOCKED',
    text: `It looks like you might be a ${a.title}. You can now wear a ${a.itemName} while playing.`,
    question: `Do you want to put on the ${a.itemName}?`,
  };
}
