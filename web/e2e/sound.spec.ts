import { expect, test, type Page } from '@playwright/test';
import { actOnce, ui, waitToAct } from './helpers';

// Sound (parts/sound/sound-part.ts), heard through the browser's own Web Audio, counted by
// wrapping it: no audio context before the player's first click, sounds once they play,
// and none while Settings has sound off.
async function spyOnAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { heard: { contexts: number; started: number } };
    w.heard = { contexts: 0, started: 0 };
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        w.heard.contexts += 1;
      }
    };
    for (const node of [OscillatorNode, AudioBufferSourceNode]) {
      const start = node.prototype.start;
      node.prototype.start = function (this: AudioScheduledSourceNode, ...args: [number?]) {
        w.heard.started += 1;
        start.apply(this, args);
      };
    }
    if (!window.localStorage.getItem('hearts.settings')) {
      window.localStorage.setItem('hearts.settings', JSON.stringify({ level: 'random', speed: 'off', endScore: 100 }));
    }
  });
}

const heard = (page: Page): Promise<{ contexts: number; started: number }> =>
  page.evaluate(() => (window as unknown as { heard: { contexts: number; started: number } }).heard);

test('sound plays only after the first click, and never with sound off in Settings', async ({ page }) => {
  test.setTimeout(120_000);
  await spyOnAudio(page);
  await page.goto('/');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  expect(await heard(page)).toEqual({ contexts: 0, started: 0 });

  // The first click starts a game; its cards are heard.
  await page.getByTestId('new-game').click();
  let mode = await waitToAct(page);
  for (let i = 0; i < 6 && mode !== 'hand-over'; i++) {
    await actOnce(page);
    mode = await waitToAct(page);
  }
  await expect.poll(async () => (await heard(page)).started).toBeGreaterThan(0);
  expect((await heard(page)).contexts).toBe(1);

  // Sound off: the rest of the hand is silent.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('setting-sound').uncheck();
  await page.getByTestId('save-settings').click();
  await expect(page.getByTestId('dialog')).toBeHidden();
  const before = (await heard(page)).started;
  for (let i = 0; i < 40 && mode !== 'hand-over' && mode !== 'game-over'; i++) {
    await actOnce(page);
    mode = await waitToAct(page);
  }
  expect(mode).toBe('hand-over');
  expect((await heard(page)).started).toBe(before);
});
