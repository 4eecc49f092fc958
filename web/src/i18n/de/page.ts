import type en from '../en/page';
import type { Catalog } from '../words';

export default {
  title: 'Hearts',
  description: 'Hearts gegen drei Computergegner',
  partFailed: 'Ein Teil der Seite konnte nicht geladen werden: Prüf deine Verbindung oder lade die Seite neu, falls das Spiel gerade aktualisiert wurde.',

  // The controller's notices and what it says to screen readers.
  turn: 'Du bist am Zug.',
  brk: 'Herz ist gebrochen',
  off: 'Noch keine Verbindung zum Server – versuch es gleich noch einmal',
  newV: 'Eine neue Version von Hearts ist da.',
  reload: 'Neu laden',
  later: 'Später',
  offT: 'Keine Verbindung zum Server: Versuch es noch einmal, sobald die Verbindung wieder steht.',
  offA: 'Keine Verbindung zum Server: Frag noch einmal, sobald die Verbindung wieder steht.',
  offS: 'Keine Verbindung zum Server: Deine Statistik erscheint, sobald die Verbindung wieder steht.',
  offW: 'Keine Verbindung zum Server: Deine Erfolge erscheinen, sobald die Verbindung wieder steht.',
  gone: 'Verbindung getrennt',
  back: 'Dein Platz gehört wieder dir: Du bist zurück im Spiel.',
  recd: 'Wieder verbunden.',
  recg: 'Verbindung wird wiederhergestellt…',
  noRec: 'Das Spielprotokoll konnte nicht heruntergeladen werden: {why}',
  saved: 'Einstellungen gespeichert. Namen, Regeln und Computerstärke gelten ab dem nächsten neuen Spiel.',
  copied: 'Kopiert',
  noCp: 'Kopieren hat nicht geklappt: Markiere den Text und kopiere ihn selbst',
  thk: 'Denkt nach…',
  oPs: 'Warte, bis die anderen weitergegeben haben',
  wM: 'Einen Moment bitte',
  three: 'Du gibst genau drei Karten weiter: Wähl zuerst eine ab',

  // A table's turn timer (the lobby, the bar over a table with people).
  noTm: 'Ohne Timer',
  pTurn: '{n} s pro Zug',

  you: 'Du',
} satisfies Catalog<typeof en>;
