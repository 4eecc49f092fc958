// Rough edges a new player met (issue 11), each at a laptop's size and a phone's: a
// name the server would refuse is caught in Settings, a reload at my lead says it is my
// turn, New game in the middle of a game asks in the page, notices cover no name, every
// card of the hand shows and can be hit, and Back closes the lobby and dialogs instead
// of leaving. With people: a chat refusal goes away once chatting works again, the
// computer player who takes a conceded seat goes by a computer's name (in the result
// and the rematch), and the phone's chat drawer hides the table under it.

import { expect, test } from '@playwright/test';
import { type Page } from '@playwright/test';
import { actOnce, clickCard, newGame, playLegal, presetSettings, shot, ui, waitToAct } from './helpers';
import { createPrivate, joinByCode, mySeat, openLobby, person, playUntil } from './people';

const SIZES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const COMPUTERS = ['Mike', 'Bill', 'Lisa', 'Anna', 'Tom', 'Kate', 'Sam', 'Nora'];

/** Where two boxes overlap (in px²; 0 when they do not). */
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * For each card of the hand: whether it lies inside the window, and whether a square of
 * `side` px of it, all of whose points hit that card, is there to tap.
 */
async function handTargets(page: Page, side: number): Promise<{ card: string; inside: boolean; square: boolean }[]> {
  return page.evaluate((side) => {
    const step = 4;
    return [...document.querySelectorAll<HTMLElement>('[data-testid="hand"] button[data-card]')].map((el) => {
      const r = el.getBoundingClientRect();
      const inside = r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
      const cols = Math.floor(r.width / step);
      const rows = Math.floor(r.height / step);
      const hit: boolean[][] = [];
      for (let j = 0; j < rows; j++) {
        hit.push([]);
        for (let i = 0; i < cols; i++) {
          const at = document.elementFromPoint(r.left + i * step + 1, r.top + j * step + 1);
          hit[j]?.push(at !== null && el.contains(at));
        }
      }
      const n = Math.ceil(side / step);
      let square = false;
      for (let j = 0; j + n <= rows && !square; j++) {
        for (let i = 0; i + n <= cols && !square; i++) {
          let all = true;
          for (let y = j; y < j + n && all; y++) for (let x = i; x < i + n && all; x++) all = hit[y]?.[x] === true;
          square = all;
        }
      }
      return { card: el.dataset['card'] ?? '', inside, square };
    });
  }, side);
}


for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('every choice in Settings shows its longest option in full, and the level says what it plays like', async ({ page }) => {
      await presetSettings(page, {});
      await page.goto('/');
      await page.getByTestId('start-settings').click();
      await expect(page.getByTestId('settings-form')).toBeVisible();
      // The room a select gives its text against what its longest option needs, in the
      // select's own font (the phone cut "30 seconds" to "30 seconc").
      const cut = await page.getByTestId('settings-form').evaluate((form) => {
        const canvas = document.createElement('canvas').getContext('2d')!;
        return [...form.querySelectorAll('select')].flatMap((sel) => {
          const style = getComputedStyle(sel);
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const need = Math.max(...[...sel.options].map((o) => canvas.measureText(o.text).width));
          // Padding and the drop-down arrow (about 20 px) take the rest.
          const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          return need > room ? [`${sel.name}: needs ${Math.ceil(need)} px, has ${Math.floor(room)}`] : [];
        });
      });
      expect(cut).toEqual([]);
      await page.getByTestId('setting-level').selectOption('hard');
      await expect(page.getByTestId('level-note')).toHaveText(/^Hard: before each card it plays out thousands of possible deals/);
    });

    test('a name the server would refuse is caught in Settings, at the field, and New game then works', async ({ page }) => {
      await presetSettings(page, {});
      await page.goto('/');
      await page.getByTestId('start-settings').click();
      const west = page.getByTestId('setting-nameW');
      await west.fill('\u202eevil');
      await page.getByTestId('setting-nameE').fill('Ada\u200b');
      await page.getByTestId('save-settings').click();
      // Not saved: the form stays, each bad field says why, and the first has the focus.
      await expect(page.getByTestId('settings-form')).toBeVisible();
      await expect(page.getByTestId('error-nameW')).toHaveText('A name cannot contain control or text-direction characters');
      await expect(page.getByTestId('error-nameE')).toHaveText('A name cannot contain invisible characters or spaces other than the plain one');
      await expect(page.getByTestId('error-nameN')).toBeHidden();
      await expect(west).toBeFocused();
      await expect(west).toHaveAttribute('aria-invalid', 'true');
      await shot(page, `settings-bad-name-${size.name}.png`);
      expect(await page.evaluate(() => window.localStorage.getItem('hearts.settings'))).not.toContain('evil');
      // Fixed, it saves; the game starts with the names chosen, and no refusal.
      await west.fill('Eve');
      await page.getByTestId('setting-nameE').fill('Ada');
      await page.getByTestId('save-settings').click();
      await expect(page.getByTestId('settings-form')).toBeHidden();
      await page.getByTestId('new-game').click();
      await waitToAct(page);
      await expect(page.getByTestId('name-W')).toHaveText('Eve');
      await expect(page.getByTestId('name-E')).toHaveText('Ada');
      await expect(page.getByTestId('notice')).not.toContainText('names[');
    });

    test('a reload when I lead shows the trick to lead and says it is my turn', async ({ page }) => {
      test.setTimeout(120_000);
      await newGame(page, { level: 'random', speed: 'off' });
      const status = page.getByTestId('status');
      // Play until I have won a trick and lead the next (animations off: the won trick
      // stays in view until the next card, and the status says whose lead it is). My
      // highest legal card each time: playing the lowest, a whole game could pass without
      // my winning a trick that is not a hand's last or ended by a claim.
      for (let i = 0; i < 200; i++) {
        const mode = await waitToAct(page);
        if (mode === 'my-turn' && (await status.textContent()) === 'You take the trick — your lead') break;
        if (mode === 'game-over') throw new Error('the game ended first');
        if (mode === 'my-turn') await playLegal(page, 'last');
        else await actOnce(page);
      }
      await expect(status).toHaveText('You take the trick — your lead');
      const cards = await page.getByTestId('hand').locator('button[data-card]').count();
      await page.reload();
      await expect(ui(page)).toHaveAttribute('data-ui', 'my-turn');
      await expect(status).toHaveText('Your turn');
      await expect(page.getByTestId('trick').locator('[data-testid^="trick-card-"]')).toHaveCount(0);
      await expect(page.getByTestId('hand').locator('button[data-card]')).toHaveCount(cards);
    });

    test('New game in the middle of a game asks in the page; Keep playing keeps the game', async ({ page }) => {
      let nativeDialogs = 0;
      page.on('dialog', (d) => {
        nativeDialogs += 1;
        void d.dismiss();
      });
      await newGame(page, { level: 'random', speed: 'off' });
      const cards = await page.getByTestId('hand').locator('button[data-card]').allTextContents();
      await page.getByTestId('new-game-top').click();
      const prompt = page.getByTestId('prompt');
      await expect(prompt).toHaveAttribute('data-prompt', 'new-game');
      await expect(prompt).toContainText('Start a new game?');
      await expect(prompt).toContainText('The game you are playing stays unfinished.');
      await expect(page.getByTestId('new-game-yes')).toBeFocused();
      await shot(page, `new-game-question-${size.name}.png`);
      await page.getByTestId('new-game-no').click();
      await expect(prompt).toBeHidden();
      await expect(page.getByTestId('hand').locator('button[data-card]')).toHaveText(cards);
      // Escape is "keep playing" too; then yes deals a new game.
      await page.getByTestId('new-game-top').click();
      await expect(prompt).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(prompt).toBeHidden();
      await page.getByTestId('new-game-top').click();
      await page.getByTestId('new-game-yes').click();
      await expect(prompt).toBeHidden();
      await waitToAct(page);
      await expect(page.getByTestId('hand').locator('button[data-card]')).toHaveCount(13);
      expect(nativeDialogs).toBe(0);
    });

    test('every card of a full hand shows, inside the window, with room for a finger on it', async ({ page }) => {
      await newGame(page, { level: 'random', speed: 'off' });
      await expect(page.getByTestId('hand').locator('button[data-card]')).toHaveCount(13);
      const targets = await handTargets(page, 32);
      expect(targets.filter((t) => !t.inside).map((t) => t.card)).toEqual([]);
      expect(targets.filter((t) => !t.square).map((t) => t.card)).toEqual([]);
      // And the buttons above the hand are whole: Pass cards is not squeezed under it.
      const pass = await page.getByTestId('pass-button').boundingBox();
      expect(pass?.height ?? 0).toBeGreaterThanOrEqual(30);
      await shot(page, `hand-${size.name}.png`);
    });

    test('a notice has its own place: it covers no player’s name', async ({ page }) => {
      test.setTimeout(120_000);
      await newGame(page, { level: 'random', speed: 'off' });
      const notice = page.getByTestId('notice');
      // An illegal card clicked on my turn brings a notice.
      for (let i = 0; i < 200 && !(await notice.isVisible()); i++) {
        const mode = await waitToAct(page);
        if (mode === 'game-over') throw new Error('the game ended first');
        const illegal = await page.getByTestId('hand').locator('button[data-legal="false"]').first();
        if (mode === 'my-turn' && (await illegal.count()) > 0) {
          await clickCard(page, (await illegal.getAttribute('data-card')) ?? '', true);
          await expect(notice).toBeVisible();
          break;
        }
        if (mode === 'my-turn') await playLegal(page);
        else await actOnce(page);
      }
      await expect(notice).toBeVisible();
      const box = await notice.boundingBox();
      expect(box).not.toBeNull();
      for (const seat of ['S', 'W', 'N', 'E']) {
        const name = await page.getByTestId(`name-${seat}`).boundingBox();
        expect(name, `name-${seat}`).not.toBeNull();
        expect(overlap(box as Box, name as Box), `the notice over name-${seat}`).toBe(0);
      }
      await shot(page, `notice-${size.name}.png`);
    });

    test('About says what this is, where the data lives, and the version; Rules leads there too', async ({ page }) => {
      await presetSettings(page, {});
      await page.goto('/');
      await expect(page.getByTestId('old-browser')).toBeHidden();
      await page.getByTestId('start-about').click();
      const about = page.getByTestId('dialog-about');
      await expect(about).toContainText('About Hearts');
      await expect(about).toContainText('no cookies');
      await expect(page.getByTestId('about-version')).toHaveText(/^This is version \d+\.\d+\.\d+( \([0-9a-f]{4,}\))? of Hearts\.$/);
      await shot(page, `about-${size.name}.png`);
      await page.getByTestId('close-dialog').click();
      await page.getByTestId('start-rules').click();
      // Its link is at the end of the Rules: About then opens at its top, not at the Rules'
      // scroll with its first heading hidden.
      await page.getByTestId('rules-about').scrollIntoViewIfNeeded();
      await page.getByTestId('rules-about').click();
      await expect(page.getByTestId('dialog-about')).toBeVisible();
      await expect(page.getByTestId('dialog-about').getByRole('heading', { name: 'About Hearts' })).toBeInViewport({ ratio: 1 });
      expect(await page.getByTestId('dialog-about').locator('.panel').evaluate((el) => el.scrollTop)).toBe(0);
    });

    test('Back closes a dialog and the lobby, and stays on the site', async ({ page }) => {
      await presetSettings(page, {});
      await page.goto('/');
      const start = page.url();
      await page.getByTestId('start-rules').click();
      await expect(page.getByTestId('dialog-rules')).toBeVisible();
      await page.goBack();
      await expect(page.getByTestId('dialog-rules')).toBeHidden();
      await expect(ui(page)).toHaveAttribute('data-ui', 'start');
      await page.getByTestId('multiplayer').click();
      await page.getByTestId('name-input').fill('Zed');
      await page.getByTestId('name-ok').click();
      await expect(ui(page)).toHaveAttribute('data-ui', 'lobby');
      await page.goBack();
      await expect(ui(page)).toHaveAttribute('data-ui', 'start');
      expect(page.url()).toBe(start);
      // The lobby's own Back button leaves no entry behind: Back after it leaves the page.
      await page.getByTestId('multiplayer').click();
      await expect(ui(page)).toHaveAttribute('data-ui', 'lobby');
      await page.getByTestId('close-lobby').click();
      await expect(ui(page)).toHaveAttribute('data-ui', 'start');
      expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(3);
      expect(await page.evaluate(() => JSON.stringify(window.history.state))).not.toContain('lobby');
    });
  });
}

test('the console: ` opens it, and a hand is passed and a card played by typing', async ({ page }) => {
  await newGame(page, { level: 'random', speed: 'off' });
  await page.keyboard.press('`');
  const consoleEl = page.getByTestId('console');
  await expect(consoleEl).toBeVisible();
  await expect(page.getByTestId('console-log')).toContainText('Welcome to the Matrix.');
  const input = page.getByTestId('console-input');
  await expect(input).toBeFocused();
  const type = async (line: string): Promise<void> => {
    await input.fill(line);
    await input.press('Enter');
  };
  await type('help');
  await expect(page.getByTestId('console-log')).toContainText('legal    the cards you may play now');
  let mode = await waitToAct(page);
  if (mode === 'pass') {
    const cards = (await page.getByTestId('hand').locator('button[data-card]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['card'] ?? ''))).slice(0, 3);
    await type(`pass ${cards.join(' ')}`);
    await expect(page.getByTestId('console-log')).toContainText('You pass');
    await expect(page.getByTestId('console-log')).toContainText('You passed your cards.');
    mode = await waitToAct(page);
  }
  expect(mode).toBe('my-turn');
  const legal = (await page.getByTestId('hand').locator('button[data-legal="true"]').first().getAttribute('data-card')) ?? '';
  const before = await page.getByTestId('hand').locator('button[data-card]').count();
  await type(legal.toLowerCase());
  await expect(page.getByTestId(`card-${legal}`)).toHaveCount(0);
  await expect(page.getByTestId('hand').locator('button[data-card]')).toHaveCount(before - 1);
  await expect(page.getByTestId('console-log')).toContainText(/You play the /);
  await type('dance');
  await expect(page.getByTestId('console-log')).toContainText('Not understood: "dance".');
  await shot(page, 'console.png');
  // A new game from the console: asked twice while one is played, and the console stays
  // open to play it.
  await type('new');
  await expect(page.getByTestId('console-log')).toContainText('type "new!" to leave it');
  await expect(consoleEl).toBeVisible();
  await type('new!');
  await expect(page.getByTestId('console-log')).toContainText('A new game.');
  await expect(page.getByTestId('hand').locator('button[data-card]')).toHaveCount(13);
  await expect(consoleEl).toBeVisible();
  await expect(input).toBeFocused();
  await input.press('Escape');
  await expect(consoleEl).toBeHidden();
  // It opens from About too (a phone has no ` key).
  await page.getByTestId('open-rules').click();
  await page.getByTestId('rules-about').click();
  await page.getByTestId('about-console').click();
  await expect(consoleEl).toBeVisible();
  await expect(input).toBeFocused();
});

test('a browser too old for the game is told so, in the seed’s words, instead of a blank page', async ({ page }) => {
  // A browser of before 2022 lacks Array.prototype.at, among other things the game uses.
  await page.addInitScript(() => {
    delete (Array.prototype as { at?: unknown }).at;
  });
  await page.goto('/');
  const notice = page.getByTestId('old-browser');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('You are using a very old browser, that is no longer supported by this site.');
  await expect(notice).toContainText('We recommend that you upgrade to one of the following browsers');
  await expect(page.locator('#root')).toBeHidden();
});

test('with people: a chat refusal goes once chatting works; a conceded seat is a computer’s, by name, to the rematch', async ({ browser }) => {
  test.setTimeout(360_000);
  const ada = await person(browser, 'Ada', { turnTimer: 0, endScore: 10, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off', viewport: { width: 390, height: 844 } });
  await openLobby(ada);
  const { code } = await createPrivate(ada);
  await joinByCode(bob, code);

  // The chat takes 5 lines in 10 seconds: the sixth is refused, and the refusal shows
  // until the limit no longer holds.
  for (let i = 1; i <= 6; i++) {
    await ada.page.getByTestId('chat-input').fill(`line ${i}`);
    await ada.page.getByTestId('chat-send').click();
  }
  const refusal = ada.page.getByTestId('chat-error');
  await expect(refusal).toContainText('You are sending messages too fast');
  await expect(bob.page.getByTestId('chat-text')).toHaveCount(5);

  await ada.page.getByTestId('start-game').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'pass');
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'pass');
  await expect(refusal).toBeHidden({ timeout: 15_000 });
  // On the phone the chat is a drawer over the top of the table: nothing shows through it.
  await bob.page.getByTestId('chat-toggle').click();
  const drawer = bob.page.getByTestId('chat');
  await expect(drawer).toBeVisible();
  expect(await drawer.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\(/);
  const top = await bob.page.locator('.seat.pos-top').boundingBox();
  const covered = await bob.page.evaluate(
    ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('[data-testid="chat"]') !== null,
    [(top?.x ?? 0) + (top?.width ?? 0) / 2, (top?.y ?? 0) + (top?.height ?? 0) / 2],
  );
  expect(covered).toBe(true);
  await shot(bob.page, 'chat-drawer-phone.png');
  await bob.page.getByTestId('chat-close').click();
  await ada.page.getByTestId('chat-input').fill('again');
  await ada.page.getByTestId('chat-send').click();
  await expect(bob.page.getByTestId('chat-text')).toHaveCount(6);
  await expect(refusal).toBeHidden();

  // Bob concedes: a computer player takes his seat under a computer's name.
  const seat = await mySeat(bob.page);
  await expect(ada.page.getByTestId(`name-${seat}`)).toHaveText('Bob');
  await bob.page.getByTestId('concede').click();
  await bob.page.getByTestId('concede-yes').click();
  await expect(bob.page.getByTestId('notice')).toContainText('You conceded the game.');
  const standIn = ada.page.getByTestId(`name-${seat}`);
  await expect(standIn).not.toHaveText('Bob');
  const name = (await standIn.textContent()) ?? '';
  expect(COMPUTERS).toContain(name);

  // Ada plays the game out: the result never names Bob.
  await playUntil(ada.page, (mode) => mode === 'game-over', 300_000);
  await expect(ada.page.getByTestId('result-title')).not.toContainText('Bob');
  await expect(ada.page.getByTestId('game-over')).not.toContainText('Bob');
  await shot(ada.page, 'conceded-result.png');
  // A rematch Ada asks for alone: the seat is still a computer's, under a computer's name.
  await ada.page.getByTestId('rematch').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'pass');
  await expect(ada.page.getByTestId(`name-${seat}`)).not.toHaveText('Bob');
  expect(COMPUTERS).toContain((await ada.page.getByTestId(`name-${seat}`).textContent()) ?? '');
  await ada.context.close();
  await bob.context.close();
});
