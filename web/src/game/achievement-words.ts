// The seed's words for an achievement just earned ("ACHIEVEMENT UNLOCKED"), which the
// pop-up and the announcer say. The Achievements dialog (render-achievements.ts) is a
// chunk of its own; these words are needed the moment a game ends.
import { achievementText } from '../i18n/achievements';
import { gameWords as g } from '../i18n/game';
import type { Achievement } from '../net/types';

/** The seed's sentences for an achievement just earned. */
export function unlockedWords(earned: Achievement): { readonly heading: string; readonly text: string; readonly question: string } {
  const a = achievementText(earned);
  return {
    heading: g('unl'),
    text: g('mb', { title: a.title, item: a.itemName }),
    question: g('put', { item: a.itemName }),
  };
}
