import { expect, test } from '@playwright/test';
import { shot, ui } from './helpers';
import { createPrivate, joinByCode, joinByLink, mySeat, openLobby, person, playUntil, sheetBySeat } from './people';

const EVIL_CHAT = '<img src=x onerror=alert(1)>';

test('four people: a private table by code and by link, chat, and a whole hand through the UI', async ({ browser }) => {
  test.setTimeout(300_000);
  // 120 s per turn at --timer-scale 0.1: a 12 s clock that runs but does not hurry a slow machine.
  const ada = await person(browser, 'Ada', { turnTimer: 120, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  const cy = await person(browser, '<b>Cy</b>', { speed: 'off' });
  const dee = await person(browser, 'Dee', { speed: 'off' });
  const people = [ada, bob, cy, dee];
  const dialogs: string[] = [];
  for (const p of people) p.page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));

  await openLobby(ada);
  const { code, link } = await createPrivate(ada);
  await expect(ada.page.getByTestId('room')).toContainText(code);
  await expect(ada.page.getByTestId('start-game')).toBeVisible();

  await joinByCode(bob, code);
  await joinByLink(cy, link);
  await joinByLink(dee, link);
  // Everyone sees the four seats; a name that looks like HTML is shown as text.
  for (const p of people) {
    await expect(p.page.getByTestId('room-seats')).toContainText('Ada');
    await expect(p.page.getByTestId('room-seats')).toContainText('<b>Cy</b>');
    await expect(p.page.getByTestId('room-seats')).toContainText('Dee');
    expect(await p.page.getByTestId('room-seats').locator('b').count()).toBe(0);
    await expect(p.page.getByTestId('leave-table')).toBeVisible();
  }
  await expect(bob.page.getByTestId('start-game')).toBeHidden();
  await expect(bob.page.getByTestId('room-hint')).toContainText('Waiting for Ada (the host) to start the game');

  // Chat, including a message that looks like HTML: the others see it literally.
  await bob.page.getByTestId('chat-input').fill(EVIL_CHAT);
  await bob.page.getByTestId('chat-send').click();
  await cy.page.getByTestId('chat-input').fill('hi all');
  await cy.page.keyboard.press('Enter');
  for (const p of people) {
    const log = p.page.getByTestId('chat-log');
    await expect(log.getByTestId('chat-text')).toHaveText([EVIL_CHAT, 'hi all']);
    await expect(log.getByTestId('chat-name')).toHaveText(['Bob', '<b>Cy</b>']);
    expect(await log.locator('img, b').count()).toBe(0);
  }
  await shot(ada.page, 'people-room.png');

  await ada.page.getByTestId('start-game').click();
  for (const p of people) await expect(ui(p.page)).toHaveAttribute('data-ui', /^(pass|pass-waiting|busy)$/);

  // Each page draws its own seat at the bottom and the others around it, with names.
  const seats: Record<string, string> = {};
  for (const p of people) {
    const seat = await mySeat(p.page);
    seats[p.name] = seat;
    await expect(p.page.getByTestId(`name-${seat}`)).toHaveText(p.name);
  }
  expect(new Set(Object.values(seats)).size).toBe(4);
  expect(seats['Ada']).toBe('S');
  const order = ['S', 'W', 'N', 'E'];
  for (const p of people) {
    const me = order.indexOf(seats[p.name] ?? '');
    for (const [k, pos] of ['left', 'top', 'right'].entries()) {
      const seat = order[(me + k + 1) % 4] as string;
      await expect(p.page.getByTestId(`seat-${seat}`)).toHaveClass(new RegExp(`pos-${pos}`));
    }
  }
  // The turn timer runs, on the bar and by the names of those the table waits for.
  await expect(bob.page.getByTestId('turn-timer')).toHaveText(/^\d+ s · /);
  await expect(bob.page.locator('[data-testid^="clock-"]:visible').first()).toHaveText(/^\d+ s$/);
  // The chat is still there at the table, with the same messages.
  await expect(dee.page.getByTestId('chat-log').getByTestId('chat-text')).toHaveText([EVIL_CHAT, 'hi all']);

  // One whole hand, every page clicking only its own legal cards.
  await Promise.all(people.map((p) => playUntil(p.page, (mode) => mode === 'hand-over' || mode === 'ready-waiting')));
  await shot(ada.page, 'people-hand-over.png');

  const rows = await Promise.all(people.map((p) => sheetBySeat(p.page, 'row')));
  const totals = await Promise.all(people.map((p) => sheetBySeat(p.page, 'totals')));
  for (const r of [...rows, ...totals]) expect(r).toEqual(rows[0]);
  const sum = Object.values(rows[0] ?? {}).reduce((a, b) => a + Number(b), 0);
  expect([26, 78]).toContain(sum);
  // The score sheet's columns start with this page's own name.
  for (const p of people) {
    const head = await p.page.getByTestId('hand-over').locator('thead th').allTextContents();
    expect(head[1]).toBe(p.name);
    expect(head).toHaveLength(6);
  }
  // Next hand shows who is ready.
  await bob.page.getByTestId('next-hand').click();
  await expect(bob.page.getByTestId('next-hand')).toHaveText('Waiting for the others…');
  await expect(ada.page.getByTestId('ready-list')).toContainText('Bob ✓');
  expect(dialogs).toEqual([]);
  for (const p of people) await p.context.close();
});
