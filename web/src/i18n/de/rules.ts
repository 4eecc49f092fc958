import type en from '../en/rules';
import type { Catalog } from '../words';

export default {
  // Goal: who I play against ({left}, {across}, {right}: names; {names}: a list of names)
  goal: 'Ziel',
  vsComputers: 'Du spielst gegen drei Computergegner: {left} links von dir, {across} dir gegenüber und {right} rechts von dir.',
  vsPeople: 'Du spielst gegen {left} links von dir, {across} dir gegenüber und {right} rechts von dir.',
  aComputer: '{name} (Computerspieler)',
  watchingNames: 'Du schaust {names} beim Spielen zu.',
  goalText:
    'Alle bekommen 13 Karten. Die Herzkarten und die Pik-Dame sind Strafkarten. Wer am Ende des Spiels die wenigsten Punkte hat, gewinnt.',

  // What a watcher sees, in place of how to play
  watching: 'Zuschauen',
  watchingSee:
    'Du siehst, was die Spieler voneinander sehen: die Stiche, die Punkte und die Namen, aber nie eine Karte auf der Hand. Du siehst das Spiel einen Stich verzögert: Eine Karte erscheint, sobald der Stich nach ihrem gespielt ist, und der Rest eines Blatts, wenn die Runde endet.',
  watchingChat:
    'Du kannst den Chat des Tisches lesen, aber nicht mitschreiben. „Zuschauen beenden“ bringt dich zurück in die Lobby. Was du siehst, wird auch für Screenreader angesagt.',

  // Passing: the order of the settings' cycle (LRAN or LARN); "Once": a game of at most 4 hands, which plays the cycle once
  passing: 'Weitergeben',
  passLRAN:
    'Vor jeder Runde geben alle drei Karten weiter: in der ersten Runde nach links, in der zweiten nach rechts, in der dritten über den Tisch, und in der vierten gibt niemand weiter; danach beginnt der Zyklus von vorn.',
  passLARN:
    'Vor jeder Runde geben alle drei Karten weiter: in der ersten Runde nach links, in der zweiten über den Tisch, in der dritten nach rechts, und in der vierten gibt niemand weiter; danach beginnt der Zyklus von vorn.',
  passLRANOnce:
    'Vor jeder Runde geben alle drei Karten weiter: in der ersten Runde nach links, in der zweiten nach rechts, in der dritten über den Tisch, und in der vierten gibt niemand weiter.',
  passLARNOnce:
    'Vor jeder Runde geben alle drei Karten weiter: in der ersten Runde nach links, in der zweiten über den Tisch, in der dritten nach rechts, und in der vierten gibt niemand weiter.',
  passWatch: 'Ein „weitergegeben ✓“ neben einem Namen zeigt, wer schon weitergegeben hat; welche Karten, siehst du nie.',
  passHow: 'Klick oder tippe auf drei Karten, dann auf „Karten weitergeben“. Die Karten, die du bekommst, leuchten kurz auf.',

  // Tricks
  tricks: 'Stiche',
  tricksLead: 'Wer die Kreuz-Zwei hat, spielt sie zum ersten Stich aus. Danach legt jeder reihum eine Karte, im Uhrzeigersinn.',
  followWatch: 'Alle müssen die ausgespielte Farbe bedienen; wer nicht bedienen kann, darf eine beliebige Karte spielen.',
  followYou: 'Du musst die ausgespielte Farbe bedienen; wenn du nicht kannst, darfst du eine beliebige Karte spielen.',
  tricksTake: 'Die höchste Karte der ausgespielten Farbe gewinnt den Stich, und wer ihn macht, spielt den nächsten aus.',

  // Special rules
  special: 'Sonderregeln',
  firstTrick: 'Im ersten Stich darf niemand Herz oder die Pik-Dame spielen, außer man hat nichts anderes.',
  broken:
    'Herz darf erst ausgespielt werden, wenn Herz „gebrochen“ ist – also ein Herz auf eine andere Farbe abgeworfen wurde –, außer man hat nur noch Herz auf der Hand.',
  queenBreaks: 'In diesem Spiel bricht auch die Pik-Dame Herz.',
  queenNoBreak: 'Die Pik-Dame bricht Herz nicht.',

  // Points
  points: 'Punkte',
  pointsText: 'Jede Herzkarte zählt 1 Punkt, die Pik-Dame 13 Punkte, alle anderen Karten nichts.',
  jack: 'In diesem Spiel zählt der Karo-Bube −10 Punkte.',
  pointsShown:
    'Neben jedem Namen siehst du den Spielstand und die Stiche dieser Runde: einen Punkt (·) für einen Stich ohne Punkte, ♥ für einen Stich mit Herz, ♠ für den Stich mit der Pik-Dame.',

  // Shooting the moon, by the settings' variant
  moon: 'Mondschuss',
  moonOthers: 'Wer in einer Runde alle 13 Herzen und die Pik-Dame holt, bekommt 0 Punkte, und alle anderen bekommen 26 Punkte.',
  moonShooter: 'Wer in einer Runde alle 13 Herzen und die Pik-Dame holt, bekommt keine Punkte, sondern zieht stattdessen 26 Punkte vom eigenen Stand ab.',
  moonChoice:
    'Wer in einer Runde alle 13 Herzen und die Pik-Dame holt, hat die Wahl: Alle anderen bekommen 26 Punkte, oder vom eigenen Stand werden 26 Punkte abgezogen.',

  // End of the game: at a score ({n}), or after so many hands ({hands}: "4 hands", {last}: the last hand's number)
  end: 'Spielende',
  endAt: {
    one: 'Das Spiel endet nach der Runde, in der jemand {n} Punkt oder mehr erreicht.',
    other: 'Das Spiel endet nach der Runde, in der jemand {n} Punkte oder mehr erreicht.',
  },
  endHands: {
    one: 'Dieses Spiel geht über {hands}: Es endet nach Runde {last} oder früher, wenn jemand {n} Punkt oder mehr erreicht.',
    other: 'Dieses Spiel geht über {hands}: Es endet nach Runde {last} oder früher, wenn jemand {n} Punkte oder mehr erreicht.',
  },
  fewestWins: 'Wer die wenigsten Punkte hat, gewinnt.',
  tieShare: 'Haben zwei oder mehr den niedrigsten Stand, teilen sie sich den Sieg.',
  tiePlayOn: 'Haben zwei oder mehr den niedrigsten Stand, wird weitergespielt, bis einer allein vorn liegt.',
  saved: 'Das Spiel wird nach jeder Karte gespeichert: Du kannst die Seite schließen und später weiterspielen.',

  // Keyboard
  keyboard: 'Tastatur',
  keyboardText:
    'Mit Tab oder den Pfeiltasten wechselst du zwischen deinen Karten; Enter oder Leertaste spielt die Karte (oder wählt sie zum Weitergeben aus). H gibt dir in deinem Zug einen Tipp: die Karte (oder die drei zum Weitergeben), die der Computer wählen würde, und warum. Alles, was passiert, wird auch für Screenreader angesagt.',

  // The daily deal and watching
  daily: 'Tagesspiel und Zuschauen',
  dailyText:
    'Beim Tagesspiel bekommen alle an einem Tag dieselben vier Blätter, gegen dieselben Computerspieler: ein Spiel pro Tag, und eine Rangliste des Tages zeigt alle, die es gespielt haben.',
  watchText:
    'Laufenden Spielen mit Menschen kannst du aus der Lobby zuschauen („Zuschauen“), einen Stich verzögert, damit kein Blatt verraten wird; an einem privaten Tisch nur, wenn alle Spieler dort es erlauben.',

  // Ratings
  ratings: 'Wertungen',
  ratingsText:
    'Ein Spiel an einem öffentlichen Tisch mit mindestens einem anderen Menschen, das zu Ende gespielt wird, ist gewertet: Deine Wertung steigt oder fällt mit deiner Platzierung unter den Menschen dort (Computerspieler zählen nicht). Jedes Regelwerk hat seine eigene Wertung. In den ersten 10 Spielen ist eine Wertung vorläufig; in der Statistik findest du deine Wertung und die Bestenliste.',

  // The About dialog
  about: 'Über Hearts',
  aboutWhat:
    'Hearts zu viert: du gegen drei Computerspieler oder online mit anderen – an einem Tisch in der Lobby oder an einem privaten, den du per Code teilst. Es gelten die klassischen Regeln, und in den Einstellungen findest du die gängigen Varianten.',
  aboutBots:
    'Die Computerspieler gibt es in fünf Stufen. Die stärkste, Experte, folgt keinen Faustregeln: Vor jeder Karte spielt sie viele mögliche Verteilungen der Karten durch, die sie nicht sehen kann.',
  data: 'Deine Spiele und deine Daten',
  dataWhere:
    'Diesen Server betreibt, wer ihn eingerichtet hat, auf eigener Hardware. Deine Spiele, dein Name und die Leute, die du markiert hast, werden dort gespeichert; nichts wird anderswohin geschickt. Keine Werbung, kein Tracking, keine Cookies: Dieser Browser speichert deine Spieler-ID und deine Einstellungen in seinem lokalen Speicher.',
  dataReplay:
    'Jedes beendete Spiel lässt sich Karte für Karte als Replay ansehen, als Protokoll herunterladen und auf faires Geben prüfen: Jede Runde wird mit einem Commitment gegeben, das am Spielende bewiesen wird, und diese Seite prüft es.',
} satisfies Catalog<typeof en>;
