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

  // The faces a person can choose, for screen readers (ui/avatars.ts).
  face: 'Gesicht {n}',
  faceX: 'Gesicht {n}: {look}',
  f0: 'blonde Stachelhaare',
  f1: 'schwarzer Afro',
  f2: 'rote Locken, Sommersprossen',
  f3: 'Glatze, schwarzer Bart',
  f4: 'lange schwarze Haare, Ohrringe',
  f5: 'dunkle Haare im Dutt',
  f6: 'brauner Pferdeschwanz',
  f7: 'lange Locs',
  f8: 'weiße Haare, Schnurrbart',
  f9: 'blauer Bob',
  f10: 'zwei Dutts, Ohrringe',
  f11: 'schwarzer Seitenscheitel, kurzer Bart',
  you: 'Du',
} satisfies Catalog<typeof en>;
