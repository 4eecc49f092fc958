// Handlers that do nothing, for pages and tests that only draw (no Vitest import, so
// the fixture page can use it too).

import type { Handlers } from '../src/state/handlers';

const noop = (): void => {};

export function noopHandlers(): Handlers {
  return {
    cardClicked: noop, pass: noop, next: noop, newGame: noop, openConsole: noop, moonChoice: noop,
    openDialog: noop, closeDialog: noop, saveSettings: noop, language: noop, dismissMoon: noop, setLook: noop, askLeaders: noop, wearUnlocked: noop, retryConnection: noop, playOffline: noop,
    downloadRecord: noop, openVerify: noop, openReplay: noop, shareReplay: noop, askHint: noop, openReview: noop, partFailed: noop,
    multiplayer: noop, closeLobby: noop, createTable: noop, quickMatch: noop, joinTable: noop, openJoinCode: noop, changeName: noop,
    submitName: noop, submitJoinCode: noop, confirmBlocked: noop, closePrompt: noop, promptMultiplayer: noop,
    startGame: noop, leaveTable: noop, sendChat: () => true, toggleChat: noop, openPlayer: noop, setRelation: noop,
    timerOff: noop, declineTimerOff: noop, concede: noop, confirmConcede: noop, confirmNewGame: noop, reclaim: noop, rematch: noop,
    leaveFinished: noop, copyText: noop, origin: () => 'http://hearts.test',
    challenge: noop, acceptChallenge: noop, declineChallenge: noop, challengeLater: noop,
    watchTable: noop, stopWatching: noop, allow: noop,
    daily: noop, openDaily: noop, openDailyReplay: noop,
  };
}
