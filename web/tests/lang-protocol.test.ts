// The player's language on the wire (docs/protocol.md, "The player's language"): `set_lang`
// sent, the language read from `welcome` and from `lang` (another page of the player's chose
// one), "" read as none chosen, and anything but text refused.
import { describe, expect, it } from 'vitest';
import { encodeClientMessage } from '../src/net/encode';
import { parseServerMessage } from '../src/net/read';
import type { ServerMessage } from '../src/net/types';

function read(text: string): ServerMessage {
  const r = parseServerMessage(text);
  if (!r.ok) throw new Error(r.error);
  return r.message;
}

const WELCOME = '{"t":"welcome","player":"p_1","token":"sec","tables":[],"name":null,"face":-1,"wearing":""';

describe('the player’s language', () => {
  it('comes with welcome once chosen, and is null before', () => {
    const chosen = read(`${WELCOME},"lang":"pt-BR"}`);
    expect(chosen.t === 'welcome' && chosen.lang).toBe('pt-BR');
    for (const text of [`${WELCOME}}`, `${WELCOME},"lang":""}`]) {
      const none = read(text);
      expect(none.t === 'welcome' && none.lang).toBeNull();
    }
    const wrong = parseServerMessage(`${WELCOME},"lang":7}`);
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.error).toMatch(/^lang/);
  });

  it('comes from another page of mine with lang', () => {
    expect(read('{"t":"lang","lang":"ar"}')).toEqual({ t: 'lang', lang: 'ar' });
    expect(read('{"t":"lang","lang":""}')).toEqual({ t: 'lang', lang: null });
    // A language this page does not know yet (a later server's) is read as it came: the app decides.
    expect(read('{"t":"lang","lang":"ja"}')).toEqual({ t: 'lang', lang: 'ja' });
    expect(parseServerMessage('{"t":"lang"}').ok).toBe(false);
    expect(parseServerMessage('{"t":"lang","lang":null}').ok).toBe(false);
  });

  it('is kept with set_lang', () => {
    expect(JSON.parse(encodeClientMessage({ t: 'set_lang', lang: 'de', id: 3 }))).toEqual({ t: 'set_lang', lang: 'de', id: 3 });
    expect(encodeClientMessage({ t: 'set_lang', lang: '' })).toBe('{"t":"set_lang","lang":""}');
  });
});
