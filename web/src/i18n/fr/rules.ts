import type en from '../en/rules';
import type { Catalog } from '../words';

export default {
  // Goal: who I play against ({left}, {across}, {right}: names; {names}: a list of names)
  goal: 'But du jeu',
  vsComputers: 'Tu joues contre trois adversaires contrôlés par l’ordinateur : {left} à ta gauche, {across} en face de toi et {right} à ta droite.',
  vsPeople: 'Tu joues contre {left} à ta gauche, {across} en face de toi et {right} à ta droite.',
  aComputer: '{name} (ordinateur)',
  watchingNames: 'Tu regardes jouer {names}.',
  goalText: 'Chacun reçoit 13 cartes. Les cœurs et la dame de pique sont des cartes de pénalité. À la fin de la partie, le joueur qui a le moins de points gagne.',

  // What a watcher sees, in place of how to play
  watching: 'En spectateur',
  watchingSee:
    'Tu vois ce que les joueurs voient les uns des autres : les plis, les scores et les noms, jamais une carte en main. Tu suis la partie avec un pli de retard : une carte apparaît une fois le pli suivant joué, et le reste d’une main à la fin de la manche.',
  watchingChat: 'Tu peux lire le chat de la table, mais pas y écrire. « Arrêter de regarder » te ramène au salon. Ce que tu vois est aussi annoncé aux lecteurs d’écran.',

  // Passing: the order of the settings' cycle (LRAN or LARN); "Once": a game of at most 4 hands, which plays the cycle once
  passing: 'La passe',
  passLRAN:
    'Avant chaque manche, chacun passe trois cartes : à gauche à la première manche, à droite à la deuxième, en face à la troisième, et personne ne passe à la quatrième ; puis le cycle recommence.',
  passLARN:
    'Avant chaque manche, chacun passe trois cartes : à gauche à la première manche, en face à la deuxième, à droite à la troisième, et personne ne passe à la quatrième ; puis le cycle recommence.',
  passLRANOnce:
    'Avant chaque manche, chacun passe trois cartes : à gauche à la première manche, à droite à la deuxième, en face à la troisième, et personne ne passe à la quatrième.',
  passLARNOnce:
    'Avant chaque manche, chacun passe trois cartes : à gauche à la première manche, en face à la deuxième, à droite à la troisième, et personne ne passe à la quatrième.',
  passWatch: 'Un « passé ✓ » à côté d’un nom indique qui a passé ses cartes ; tu ne vois jamais lesquelles.',
  passHow: 'Clique ou touche trois cartes, puis « Passer les cartes ». Les cartes que tu reçois s’illuminent un instant.',

  // Tricks
  tricks: 'Les plis',
  tricksLead: 'Celui qui a le deux de trèfle l’entame au premier pli. Ensuite, chacun joue une carte à son tour, dans le sens des aiguilles d’une montre.',
  followWatch: 'Chacun doit fournir la couleur demandée ; celui qui ne peut pas joue la carte de son choix.',
  followYou: 'Tu dois fournir la couleur demandée ; si tu ne peux pas, tu joues la carte de ton choix.',
  tricksTake: 'La plus forte carte de la couleur demandée remporte le pli, et celui qui le remporte entame le suivant.',

  // Special rules
  special: 'Règles spéciales',
  firstTrick: 'Au premier pli, personne ne peut jouer de cœur ni la dame de pique, sauf s’il n’a rien d’autre.',
  broken: 'On ne peut pas entamer à cœur tant que les cœurs ne sont pas « brisés » – un cœur a été joué sur une autre couleur –, sauf si celui qui entame n’a que des cœurs.',
  queenBreaks: 'Dans cette partie, la dame de pique brise aussi les cœurs.',
  queenNoBreak: 'La dame de pique ne brise pas les cœurs.',

  // Points
  points: 'Les points',
  pointsText: 'Chaque cœur vaut 1 point, la dame de pique 13 points, et toutes les autres cartes rien.',
  jack: 'Dans cette partie, le valet de carreau vaut −10 points.',
  pointsShown:
    'À côté de chaque nom, tu vois le score de la partie et les plis remportés dans la manche : un point (·) pour un pli sans points, ♥ pour un pli avec des cœurs, ♠ pour le pli avec la dame de pique.',

  // Shooting the moon, by the settings' variant
  moon: 'Le grand chelem',
  moonOthers: 'Si un joueur ramasse les 13 cœurs et la dame de pique dans une manche, il marque 0 point et tous les autres marquent 26 points.',
  moonShooter: 'Si un joueur ramasse les 13 cœurs et la dame de pique dans une manche, il retire 26 points de son propre score au lieu d’en marquer.',
  moonChoice:
    'Si un joueur ramasse les 13 cœurs et la dame de pique dans une manche, il choisit : soit tous les autres marquent 26 points, soit il retire 26 points de son propre score.',

  // End of the game: at a score ({n}), or after so many hands ({hands}: "4 hands", {last}: the last hand's number)
  end: 'Fin de la partie',
  endAt: {
    one: 'La partie se termine après la manche où quelqu’un atteint {n} point ou plus.',
    many: 'La partie se termine après la manche où quelqu’un atteint {n} points ou plus.',
    other: 'La partie se termine après la manche où quelqu’un atteint {n} points ou plus.',
  },
  endHands: {
    one: 'Cette partie se joue en {hands} : elle se termine après la manche {last}, ou plus tôt si quelqu’un atteint {n} point ou plus.',
    many: 'Cette partie se joue en {hands} : elle se termine après la manche {last}, ou plus tôt si quelqu’un atteint {n} points ou plus.',
    other: 'Cette partie se joue en {hands} : elle se termine après la manche {last}, ou plus tôt si quelqu’un atteint {n} points ou plus.',
  },
  fewestWins: 'Le joueur qui a le moins de points gagne.',
  tieShare: 'Si plusieurs joueurs sont à égalité avec le score le plus bas, ils se partagent la victoire.',
  tiePlayOn: 'Si plusieurs joueurs sont à égalité avec le score le plus bas, on continue jusqu’à ce qu’un seul soit devant.',
  saved: 'La partie est enregistrée après chaque carte : tu peux fermer la page et revenir la terminer plus tard.',

  // Keyboard
  keyboard: 'Clavier',
  keyboardText:
    'Tab ou les flèches passent d’une carte à l’autre ; Entrée ou Espace joue la carte (ou la sélectionne pour la passe). H demande un conseil quand c’est ton tour : la carte (ou les trois à passer) que l’ordinateur choisirait, et pourquoi. Tout ce qui se passe est aussi annoncé aux lecteurs d’écran.',

  // The daily deal and watching
  daily: 'La donne du jour et le mode spectateur',
  dailyText:
    'La donne du jour distribue chaque jour à tout le monde les mêmes cartes pour quatre manches, contre les mêmes adversaires ordinateur : une partie par jour, et un classement du jour range tous ceux qui l’ont jouée.',
  watchText:
    'Une partie en cours entre humains peut être regardée depuis le salon (Regarder), avec un pli de retard pour ne dévoiler aucune main ; à une table privée, seulement si tous ses joueurs l’autorisent.',

  // Ratings
  ratings: 'La cote',
  ratingsText:
    'Une partie à une table publique avec au moins une autre personne, jouée jusqu’au bout, est classée : ta cote monte ou baisse selon ta place parmi les personnes présentes (les ordinateurs ne comptent pas). Chaque jeu de règles a sa propre cote. Une cote est provisoire pendant ses 10 premières parties ; les Statistiques affichent la tienne et le classement.',

  // The About dialog
  about: 'À propos de Dame de pique',
  aboutWhat:
    'La Dame de pique à quatre : toi contre trois ordinateurs, ou avec d’autres personnes en ligne, à une table du salon ou à une table privée que tu partages grâce à son code. Les règles sont les classiques, et les Réglages proposent les variantes courantes.',
  aboutBots:
    'Les ordinateurs ont cinq niveaux. Le plus fort, Expert, ne suit pas de règles toutes faites : avant chaque carte, il simule de nombreuses répartitions possibles des cartes qu’il ne voit pas.',
  data: 'Tes parties et tes données',
  dataWhere:
    'Ce serveur est géré par la personne qui l’a installé, sur sa propre machine. Tes parties, ton nom et les personnes que tu as marquées y sont conservés ; rien n’est envoyé ailleurs. Pas de pub, pas de pistage, pas de cookies : ce navigateur garde ton identifiant de joueur et tes réglages dans son stockage local.',
  dataReplay:
    'Chaque partie terminée peut être revue carte par carte, téléchargée sous forme d’enregistrement, et ses donnes vérifiées : chaque manche est distribuée avec un engagement que la fin de la partie prouve, et cette page le vérifie.',
} satisfies Catalog<typeof en>;
