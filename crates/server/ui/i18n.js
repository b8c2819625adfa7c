// Every word on screen, in English and Polish, and the messages of the rule ids
// (docs/rules/<game>.md, "Rule ids") with their arguments. `t(key, args)` picks the
// page's language, remembered in localStorage; `ruleText(rule, args)` words a refusal. A
// number's word takes its plural form: `{n} {n|tile|tiles}` (see `fill`).

const STRINGS = {
  en: {
    'app.title': 'trio',
    'app.tagline': 'Three board games from Polish sources: play against friends or the AI.',
    'lang.switch': 'Polski',
    'nav.lobby': 'Games',
    'nav.rules': 'Rules',
    'game.gyges': 'Gygès',
    'game.triles': 'Triles',
    'game.orbit': 'Na orbicie',
    'game.gyges.about': '6×6, neutral pieces that bounce and displace.',
    'game.triles.about': 'Triangle tiles, hidden hands, a pool to draw from.',
    'game.orbit.about': '2–4 players, a die, pawns racing out over seven orbits.',
    'new.title': 'New game',
    'new.game': 'Game',
    'new.options': 'Options',
    'new.seats': 'Players',
    'new.create': 'Start the game',
    'new.variant': 'Variant',
    'new.variant.seed': 'the source’s rules',
    'new.variant.official': 'official (1985 rule book)',
    'new.variant.set': 'Variants',
    'new.variant.open-hands': 'open hands',
    'new.variant.open-pool': 'open pool (next tile face up)',
    'new.variant.own-dots': 'own dots allowed',
    'new.tiles': 'Tile set',
    'new.tiles.standard': 'standard (52 tiles)',
    'new.players': 'Players',
    'new.order': 'Turn order',
    'new.order.drawn': 'drawn at random',
    'new.turn-limit': 'Turn limit',
    'new.board': 'Board',
    'new.board.classic': 'classic (7 orbits of 12 fields)',
    'seat.me': 'me, on this device',
    'seat.friend': 'a friend (send a link)',
    'seat.ai': 'AI, level {level}',
    'seat.random': 'random moves',
    'seat.human': 'person',
    'new.hotseat': 'Several people on this device take turns at it (hot seat).',
    'new.file.default': 'built-in ({name})',
    'new.file.choose': 'upload a file',
    'new.file.builtin': 'Use the built-in one',
    'new.needhuman': 'At least one seat must be a person.',
    'spec.none': 'none',
    'links.title': 'The game is ready',
    'links.explain': 'Each link is a seat’s key: send it to the person who plays that seat. Whoever has the link plays the seat.',
    'links.seat': 'Link for {name}',
    'links.spectator': 'Link to watch',
    'links.copy': 'Copy',
    'links.share': 'Share',
    'links.copied': 'Copied',
    'links.go': 'Go to the game',
    'lobby.loading': 'Loading the games…',
    'lobby.running': 'Games being played',
    'lobby.none': 'No game is being played right now.',
    'lobby.watch': 'watch',
    'lobby.move': 'move {n}',
    'lobby.yours': '(you play here)',
    'play.you': 'You play {name}',
    'play.you.several': 'On this device: {names}',
    'play.spectator': 'You are watching',
    'play.turn': '{name} to move',
    'play.yourturn': 'Your turn',
    'play.yourturn.named': 'Your turn, {name}',
    'play.yourturn.title': '● Your turn — {game}',
    'play.waiting': 'Waiting for {name}…',
    'play.thinking': '{name} (AI) is thinking…',
    'play.chance': 'Chance acts…',
    'play.connected': 'connected',
    'play.offline': 'not connected',
    'play.reconnecting': 'Connection lost; reconnecting…',
    'play.sending': 'Sending…',
    'play.moves': 'Moves',
    'play.nomoves': 'No move yet.',
    'play.hidden': '(hidden)',
    'play.chancemark': 'chance',
    'play.confirm': 'Confirm',
    'play.cancel': 'Cancel',
    'play.undo': 'Undo',
    'play.hint': 'Hint',
    'play.hint.is': 'Hint: {move}',
    'play.hint.wait': 'The AI is looking for a move…',
    'play.resign': 'Resign',
    'play.resign.ask': 'Give up this game?',
    'play.notify': 'Notify me',
    'play.notify.on': 'Notifications on',
    'play.notify.title': 'Your turn in {game}',
    'play.players': 'Players',
    'play.invite': 'Invite',
    'play.whynot': 'Why not?',
    'play.lastmove': 'Last move: {move}',
    'play.tapagain': 'Tap again or press Confirm to play {move}.',
    'play.notyourturn': 'It is not your turn.',
    'result.title': 'Result',
    'result.place': '{place}.',
    'result.draw': 'Draw',
    'result.wins': '{name} wins',
    'result.you.won': 'You won!',
    'result.you.lost': 'You lost',
    'result.you.place': 'You came {place}',
    'result.resigned': '{name} resigned',
    'result.ranking': 'Ranking',
    'seed.title': 'Fair dice and draws',
    'seed.hash': 'Before the first move the server published the hash of its secret seed:',
    'seed.revealed': 'Now the seed is revealed:',
    'seed.nonce': 'nonce',
    'seed.verify': 'Verify: SHA-256 of “trio-seed:<seed>:<nonce>” must equal the published hash, and the seed deals every roll and draw of the record. Download the record and run “trio verify game.json” to replay it all.',
    'seed.ok': '✓ This page checked the hash: it matches.',
    'seed.bad': '✗ The hash does not match!',
    'seed.nocheck': 'This browser cannot compute SHA-256 here; use trio verify.',
    'seed.pending': 'The seed stays secret until the game ends. Published hash:',
    'record.export': 'Download the record',
    'replay.title': 'Replay',
    'replay.start': 'Replay the game',
    'replay.first': 'first',
    'replay.back': 'back',
    'replay.forward': 'forward',
    'replay.last': 'last',
    'replay.ply': 'Move {n} of {total}',
    'replay.close': 'Back to the end',
    'replay.play': '▶ Play',
    'replay.pause': '❚❚ Pause',
    'rules.title': 'Rules of {game}',
    'rules.close': 'Close',
    'rules.ids': 'Why a move is refused',
    'pass.title': 'Pass the device to {name}',
    'pass.explain': 'Your tiles are hidden. {name}: tap the button when only you can see the screen.',
    'pass.show': 'I am {name}: show my tiles',
    'err.generic': 'Something went wrong: {message}',
    'err.notfound': 'There is no such game.',
    'err.nopage': 'There is no page at this address.',
    'err.nopage.lobby': 'To the games',
    'err.wrongtoken': 'This link is not a seat of this game.',
    'recenter': 'Re-centre',
    'zoomin': 'Zoom in',
    'zoomout': 'Zoom out',
    // Gygès
    'gyges.South': 'South',
    'gyges.North': 'North',
    'gyges.goal': 'goal of {name}',
    'gyges.numerals': 'Numbers on the pieces',
    'gyges.activerow': 'active row',
    'gyges.setup': 'Set up your home row: tap a square to change its piece (two 1s, two 2s, two 3s).',
    'gyges.setup.random': 'Shuffle',
    'gyges.setup.invalid': 'Use two 1s, two 2s and two 3s.',
    'gyges.setup.wait': '{name} is setting up.',
    'gyges.pick': 'Tap a piece of your active row.',
    'gyges.target': 'Tap where the piece ends (green), or off the board at the goal.',
    'gyges.drop': 'The piece on {square} is displaced: tap the empty square where it goes.',
    'gyges.ply': 'ply {ply} of {limit}',
    'gyges.end.goal': '{name} has left the board and wins.',
    'gyges.end.no-move': '{name} cannot move and loses.',
    'gyges.end.repetition': 'Draw by threefold repetition.',
    'gyges.end.ply-limit': 'Draw: the ply limit was reached.',
    // Triles
    'triles.black': 'black',
    'triles.white': 'white',
    'triles.player': 'player {n}',
    'triles.hand': 'Your tiles',
    'triles.openhand': '{name}’s tiles, face up',
    'triles.pool': 'Pool: {n}',
    'triles.handsize': '{name}: {n} {n|tile|tiles}',
    'triles.next': 'Next tile: {tile}',
    'triles.pick': 'Choose a tile from your hand.',
    'triles.place': 'Tap a highlighted cell ({n} {n|fits|fit} in this rotation). Rotate: tap the tile again or press R.',
    'triles.nofit': 'This tile fits nowhere in this rotation: rotate it (R) or choose another.',
    'triles.rotate': 'Rotate (R)',
    'triles.draw': 'Draw a tile',
    'triles.draw.why': 'No tile of yours can be laid: you draw one.',
    'triles.pass': 'Pass',
    'triles.pass.why': 'No tile of yours can be laid and the pool is empty: you pass.',
    'triles.pass.owed': 'Your loop earned {n} more {n|tile|tiles}, but none of yours fits anywhere: you pass, which ends your turn (no draw).',
    'triles.give': 'Wedge! You may give {name} one tile of your choice.',
    'triles.give.tile': 'Give {tile}',
    'triles.give.none': 'Give nothing',
    'triles.extra': 'A loop in your colour: lay {n} more {n|tile|tiles}.',
    'triles.draws': 'Draws owed: {list}',
    'triles.colour': 'you play {colour}',
    'triles.undecided': 'colours not drawn yet',
    'triles.end.empty-hand': '{name} has no tiles left and wins.',
    'triles.end.both-passed': 'Both players passed: fewer tiles wins.',
    'triles.drew': 'drew a tile',
    'triles.dealt': 'The tiles are dealt: colours, first player, hands, starting tile',
    // Na orbicie
    'orbit.red': 'red',
    'orbit.green': 'green',
    'orbit.blue': 'blue',
    'orbit.yellow': 'yellow',
    'orbit.centre': 'centre',
    'orbit.home': 'home',
    'orbit.roll': 'Roll the die',
    'play.rolled': '{name} rolled {face}',
    'orbit.enter': 'You rolled an even number: tap an empty field of orbit 1 to enter a pawn.',
    'orbit.pick': 'Roll the die, or tap one of your pawns to move it.',
    'orbit.pick.move': 'Tap one of your pawns to move it.',
    'orbit.pick.roll': 'Roll the die: none of your pawns is out yet, and an even roll enters one.',
    'orbit.target': 'Tap where the pawn goes (it moves exactly {steps} {steps|step|steps}).',
    'orbit.relocate': 'Capture! Tap the empty field where the captured pawn goes.',
    'orbit.relocate.centre': 'Capture! The captured pawn goes to the centre, its only place.',
    'orbit.relocate.only': 'Capture! The captured pawn goes to {field}, its only place.',
    'orbit.pass': 'Pass',
    'orbit.pass.why': 'No pawn in the centre and no move: you pass.',
    'orbit.protected': 'protected until {name}’s turn ends',
    'orbit.turns': 'turn {n}',
    'orbit.order': 'Order of play',
    'orbit.limit': 'The turn limit was reached.',
    // Refusals by code
    'code.not-your-turn': 'It is not your turn.',
    'code.stale-version': 'The game moved on before your move arrived; look again.',
    'code.bad-notation': 'That move cannot be read.',
    'code.spectator': 'Spectators only watch.',
    'code.no-undo': 'Nothing can be taken back now (only your own moves and the AI’s answers, and never a roll or a draw).',
    'code.game-over': 'The game is over.',
    'code.no-hint': 'Hints are given only in games against the AI.',
    'code.unavailable': 'The server cannot answer right now; try again.',
    'code.wrong-token': 'This link is not a seat of this game.',
  },
  pl: {
    'app.title': 'trio',
    'app.tagline': 'Trzy gry planszowe z polskich źródeł: graj ze znajomymi albo z komputerem.',
    'lang.switch': 'English',
    'nav.lobby': 'Gry',
    'nav.rules': 'Zasady',
    'game.gyges': 'Gygès',
    'game.triles': 'Triles',
    'game.orbit': 'Na orbicie',
    'game.gyges.about': '6×6, neutralne pionki, które się odbijają i wypierają.',
    'game.triles.about': 'Trójkątne kafelki, ukryte ręce, pula do dobierania.',
    'game.orbit.about': '2–4 graczy, kostka, pionki pędzące przez siedem orbit.',
    'new.title': 'Nowa gra',
    'new.game': 'Gra',
    'new.options': 'Opcje',
    'new.seats': 'Gracze',
    'new.create': 'Zacznij grę',
    'new.variant': 'Wariant',
    'new.variant.seed': 'zasady ze źródła',
    'new.variant.official': 'oficjalny (instrukcja z 1985)',
    'new.variant.set': 'Warianty',
    'new.variant.open-hands': 'odkryte ręce',
    'new.variant.open-pool': 'odkryta pula (następny kafelek widoczny)',
    'new.variant.own-dots': 'własne kropki dozwolone',
    'new.tiles': 'Zestaw kafelków',
    'new.tiles.standard': 'standardowy (52 kafelki)',
    'new.players': 'Liczba graczy',
    'new.order': 'Kolejność',
    'new.order.drawn': 'losowana',
    'new.turn-limit': 'Limit tur',
    'new.board': 'Plansza',
    'new.board.classic': 'klasyczna (7 orbit po 12 pól)',
    'seat.me': 'ja, na tym urządzeniu',
    'seat.friend': 'znajomy (wyślij link)',
    'seat.ai': 'komputer, poziom {level}',
    'seat.random': 'losowe ruchy',
    'seat.human': 'człowiek',
    'new.hotseat': 'Kilka osób gra na zmianę na tym urządzeniu.',
    'new.file.default': 'wersja wbudowana ({name})',
    'new.file.choose': 'wczytaj plik',
    'new.file.builtin': 'Użyj wersji wbudowanej',
    'new.needhuman': 'Przynajmniej jedno miejsce musi zająć człowiek.',
    'spec.none': 'brak',
    'links.title': 'Gra gotowa',
    'links.explain': 'Każdy link jest kluczem do miejsca: wyślij go osobie, która gra tym miejscem. Kto ma link, ten gra.',
    'links.seat': 'Link dla: {name}',
    'links.spectator': 'Link do oglądania',
    'links.copy': 'Kopiuj',
    'links.share': 'Udostępnij',
    'links.copied': 'Skopiowano',
    'links.go': 'Przejdź do gry',
    'lobby.loading': 'Wczytuję gry…',
    'lobby.running': 'Trwające gry',
    'lobby.none': 'Teraz nikt nie gra.',
    'lobby.watch': 'oglądaj',
    'lobby.move': 'ruch {n}',
    'lobby.yours': '(tu grasz)',
    'play.you': 'Grasz: {name}',
    'play.you.several': 'Na tym urządzeniu: {names}',
    'play.spectator': 'Oglądasz',
    'play.turn': 'Ruch: {name}',
    'play.yourturn': 'Twój ruch',
    'play.yourturn.named': 'Twój ruch: {name}',
    'play.yourturn.title': '● Twój ruch — {game}',
    'play.waiting': 'Czekamy na: {name}…',
    'play.thinking': '{name} (komputer) myśli…',
    'play.chance': 'Los działa…',
    'play.connected': 'połączony',
    'play.offline': 'niepołączony',
    'play.reconnecting': 'Utracono połączenie; łączę ponownie…',
    'play.sending': 'Wysyłam…',
    'play.moves': 'Ruchy',
    'play.nomoves': 'Jeszcze nie było ruchu.',
    'play.hidden': '(ukryte)',
    'play.chancemark': 'los',
    'play.confirm': 'Zatwierdź',
    'play.cancel': 'Anuluj',
    'play.undo': 'Cofnij',
    'play.hint': 'Podpowiedź',
    'play.hint.is': 'Podpowiedź: {move}',
    'play.hint.wait': 'Komputer szuka ruchu…',
    'play.resign': 'Poddaj się',
    'play.resign.ask': 'Poddać tę grę?',
    'play.notify': 'Powiadamiaj mnie',
    'play.notify.on': 'Powiadomienia włączone',
    'play.notify.title': 'Twój ruch w grze {game}',
    'play.players': 'Gracze',
    'play.invite': 'Zaproś',
    'play.whynot': 'Dlaczego nie?',
    'play.lastmove': 'Ostatni ruch: {move}',
    'play.tapagain': 'Dotknij jeszcze raz albo naciśnij Zatwierdź, aby zagrać {move}.',
    'play.notyourturn': 'To nie twój ruch.',
    'result.title': 'Wynik',
    'result.place': '{place}.',
    'result.draw': 'Remis',
    'result.wins': '{name} wygrywa',
    'result.you.won': 'Wygrywasz!',
    'result.you.lost': 'Przegrywasz',
    'result.you.place': 'Zajmujesz {place} miejsce',
    'result.resigned': '{name} się poddaje',
    'result.ranking': 'Kolejność',
    'seed.title': 'Uczciwe rzuty i dobieranie',
    'seed.hash': 'Przed pierwszym ruchem serwer opublikował skrót swojego tajnego ziarna:',
    'seed.revealed': 'Teraz ziarno jest ujawnione:',
    'seed.nonce': 'dodatek',
    'seed.verify': 'Sprawdź: SHA-256 z „trio-seed:<ziarno>:<dodatek>” musi być równy opublikowanemu skrótowi, a ziarno wyznacza każdy rzut i każde dobranie w zapisie. Pobierz zapis i uruchom „trio verify game.json”, by odtworzyć całą grę.',
    'seed.ok': '✓ Ta strona sprawdziła skrót: zgadza się.',
    'seed.bad': '✗ Skrót się nie zgadza!',
    'seed.nocheck': 'Ta przeglądarka nie policzy tu SHA-256; użyj trio verify.',
    'seed.pending': 'Ziarno pozostaje tajne do końca gry. Opublikowany skrót:',
    'record.export': 'Pobierz zapis gry',
    'replay.title': 'Powtórka',
    'replay.start': 'Obejrzyj powtórkę',
    'replay.first': 'początek',
    'replay.back': 'wstecz',
    'replay.forward': 'dalej',
    'replay.last': 'koniec',
    'replay.ply': 'Ruch {n} z {total}',
    'replay.close': 'Wróć do końca gry',
    'replay.play': '▶ Odtwarzaj',
    'replay.pause': '❚❚ Pauza',
    'rules.title': 'Zasady: {game}',
    'rules.close': 'Zamknij',
    'rules.ids': 'Dlaczego ruch jest odrzucany',
    'pass.title': 'Przekaż urządzenie: {name}',
    'pass.explain': 'Twoje kafelki są ukryte. {name}: dotknij przycisku, gdy tylko ty widzisz ekran.',
    'pass.show': 'Jestem {name}: pokaż moje kafelki',
    'err.generic': 'Coś poszło nie tak: {message}',
    'err.notfound': 'Nie ma takiej gry.',
    'err.nopage': 'Pod tym adresem nie ma strony.',
    'err.nopage.lobby': 'Do listy gier',
    'err.wrongtoken': 'Ten link nie jest miejscem w tej grze.',
    'recenter': 'Wyśrodkuj',
    'zoomin': 'Przybliż',
    'zoomout': 'Oddal',
    'gyges.South': 'Południe',
    'gyges.North': 'Północ',
    'gyges.goal': 'cel: {name}',
    'gyges.numerals': 'Liczby na pionkach',
    'gyges.activerow': 'aktywny rząd',
    'gyges.setup': 'Ustaw swój rząd: dotknij pola, by zmienić pionek (dwie 1, dwie 2, dwie 3).',
    'gyges.setup.random': 'Potasuj',
    'gyges.setup.invalid': 'Użyj dwóch 1, dwóch 2 i dwóch 3.',
    'gyges.setup.wait': '{name} ustawia pionki.',
    'gyges.pick': 'Dotknij pionka ze swojego aktywnego rzędu.',
    'gyges.target': 'Dotknij pola, na którym pionek kończy ruch (zielone), albo celu za planszą.',
    'gyges.drop': 'Pionek z {square} zostaje wyparty: dotknij pustego pola, na które trafi.',
    'gyges.ply': 'półruch {ply} z {limit}',
    'gyges.end.goal': '{name}: pionek opuścił planszę — wygrana.',
    'gyges.end.no-move': '{name} nie ma ruchu i przegrywa.',
    'gyges.end.repetition': 'Remis przez trzykrotne powtórzenie.',
    'gyges.end.ply-limit': 'Remis: osiągnięto limit półruchów.',
    'triles.black': 'czarny',
    'triles.white': 'biały',
    'triles.player': 'gracz {n}',
    'triles.hand': 'Twoje kafelki',
    'triles.openhand': 'Kafelki odkryte — {name}',
    'triles.pool': 'Pula: {n}',
    'triles.handsize': '{name}: {n} {n|kafelek|kafelki|kafelków}',
    'triles.next': 'Następny kafelek: {tile}',
    'triles.pick': 'Wybierz kafelek z ręki.',
    'triles.place': 'Dotknij podświetlonego pola ({n|pasuje|pasują|pasuje} {n} {n|pole|pola|pól} w tym obrocie). Obrót: dotknij kafelka jeszcze raz albo naciśnij R.',
    'triles.nofit': 'W tym obrocie ten kafelek nigdzie nie pasuje: obróć go (R) albo wybierz inny.',
    'triles.rotate': 'Obróć (R)',
    'triles.draw': 'Dobierz kafelek',
    'triles.draw.why': 'Żadnego twojego kafelka nie da się położyć: dobierasz.',
    'triles.pass': 'Pas',
    'triles.pass.why': 'Żadnego twojego kafelka nie da się położyć, a pula jest pusta: pasujesz.',
    'triles.pass.owed': 'Pętla dała ci jeszcze {n} {n|kafelek|kafelki|kafelków}, ale żaden twój nigdzie nie pasuje: pasujesz, co kończy turę (bez dobierania).',
    'triles.give': 'Klin! Możesz dać graczowi {name} jeden wybrany kafelek.',
    'triles.give.tile': 'Daj {tile}',
    'triles.give.none': 'Nie dawaj nic',
    'triles.extra': 'Pętla w twoim kolorze: połóż jeszcze {n} {n|kafelek|kafelki|kafelków}.',
    'triles.draws': 'Do dobrania: {list}',
    'triles.colour': 'grasz kolorem: {colour}',
    'triles.undecided': 'kolory jeszcze nie wylosowane',
    'triles.end.empty-hand': '{name} nie ma już kafelków i wygrywa.',
    'triles.end.both-passed': 'Obaj gracze spasowali: wygrywa ten, kto ma mniej kafelków.',
    'triles.drew': 'dobrał kafelek',
    'triles.dealt': 'Rozdanie: kolory, kto zaczyna, ręce, kafelek startowy',
    'orbit.red': 'czerwony',
    'orbit.green': 'zielony',
    'orbit.blue': 'niebieski',
    'orbit.yellow': 'żółty',
    'orbit.centre': 'środek',
    'orbit.home': 'dom',
    'orbit.roll': 'Rzuć kostką',
    'play.rolled': '{name} wyrzuca {face}',
    'orbit.enter': 'Wyrzucono parzystą liczbę: dotknij pustego pola orbity 1, by wprowadzić pionek.',
    'orbit.pick': 'Rzuć kostką albo dotknij swojego pionka, by nim ruszyć.',
    'orbit.pick.move': 'Dotknij swojego pionka, by nim ruszyć.',
    'orbit.pick.roll': 'Rzuć kostką: żaden twój pionek nie jest jeszcze w grze, a parzysta liczba wprowadza pionek.',
    'orbit.target': 'Dotknij pola docelowego (pionek idzie dokładnie {steps} {steps|krok|kroki|kroków}).',
    'orbit.relocate': 'Bicie! Dotknij pustego pola, na które trafi zbity pionek.',
    'orbit.relocate.centre': 'Bicie! Zbity pionek trafia do środka, jedynego miejsca dla niego.',
    'orbit.relocate.only': 'Bicie! Zbity pionek trafia na {field}, jedyne miejsce dla niego.',
    'orbit.pass': 'Pas',
    'orbit.pass.why': 'Brak pionków w środku i brak ruchu: pasujesz.',
    'orbit.protected': 'chroniony do końca tury gracza {name}',
    'orbit.turns': 'tura {n}',
    'orbit.order': 'Kolejność gry',
    'orbit.limit': 'Osiągnięto limit tur.',
    'code.not-your-turn': 'To nie twój ruch.',
    'code.stale-version': 'Gra poszła dalej, zanim dotarł twój ruch; spójrz jeszcze raz.',
    'code.bad-notation': 'Tego ruchu nie da się odczytać.',
    'code.spectator': 'Widzowie tylko oglądają.',
    'code.no-undo': 'Teraz nie da się nic cofnąć (tylko własne ruchy i odpowiedzi komputera, nigdy rzutu ani dobrania).',
    'code.game-over': 'Gra się skończyła.',
    'code.no-hint': 'Podpowiedzi są tylko w grze z komputerem.',
    'code.unavailable': 'Serwer nie może teraz odpowiedzieć; spróbuj ponownie.',
    'code.wrong-token': 'Ten link nie jest miejscem w tej grze.',
  },
};

// The rule ids of docs/rules/*.md, each with its arguments in braces.
const RULES = {
  en: {
    'core.game-over': 'The game is over: no more moves.',
    'core.not-legal': 'That is not a legal move here.',
    'core.impossible-chance': 'Chance cannot have that outcome here.',
    'gyges.setup-phase': 'No piece moves before both sides have set up ({side} still sets up).',
    'gyges.setup-over': '{side} has already set up: each side sets up once, while its home row is empty.',
    'gyges.no-piece': 'There is no piece on {square}.',
    'gyges.active-row': '{side} moves only a piece of its active row, rank {row}: the piece on {piece} is not on it.',
    'gyges.exact-steps': 'A {value} moves exactly {value} {value|step|steps}: the piece on {piece} cannot end on {to}, not even by bouncing.',
    'gyges.no-path': 'Every way from {piece} to {to} is blocked: each step but the last must enter an empty square, never one already stood on.',
    'gyges.end-occupied': '{to} holds a piece: a move ending there bounces off it or replaces it.',
    'gyges.replace-target': 'There is no piece on {to} to replace.',
    'gyges.drop-empty': 'The displaced piece goes to an empty square; {drop} is not empty.',
    'gyges.drop-bound': 'The displaced piece may not go nearer to the opponent than all other pieces: {side} may drop it up to rank {rank}, not on {drop}.',
    'gyges.change-board': 'A move must change the board: this one leaves it as it was.',
    'gyges.goal-only-from-back-row': 'A piece leaves the board only across the opponent’s edge, with the last step, from rank {rank}.',
    'triles.not-in-hand': '{colour} has no tile {tile} in hand.',
    'triles.rotation': 'A rotation is 0, 1 or 2, not {rotation}.',
    'triles.cell-taken': 'Cell {cell} already holds a tile.',
    'triles.not-adjacent': 'A tile is laid next to the table: cell {cell} shares no edge with a tile.',
    'triles.edge-match': 'Colours must match on every shared edge: the tile shows {tile_colour} on its {edge} edge, the neighbour {neighbour_colour}.',
    'triles.extend-own-line': 'The tile must lengthen a line of your colour ({colour}): none of its {colour} terminals meets the table.',
    'triles.own-dot': 'You may not make a dot in your own colour ({colour}).',
    'triles.close-own-line': 'You may not close a line of your own colour ({colour}): it would be closed at both ends.',
    'triles.draw-only-when-stuck': 'You draw only when no tile of yours can be laid.',
    'triles.empty-pool-pass': 'The pool is empty: nothing to draw, so you pass.',
    'triles.owed-placement-pass': 'An owed extra tile that cannot be laid is given up with a pass, without drawing.',
    'triles.pass-only-when-stuck': 'You pass only when no tile can be laid.',
    'triles.pass-only-when-pool-empty': 'With no tile to lay you draw; you pass only when the pool is empty ({pool} {pool|tile|tiles} left).',
    'triles.give-first': 'First choose the wedge gift (give a tile, or nothing).',
    'triles.give-only-after-wedge': 'A tile is given only right after a wedge.',
    'triles.chance-only': '{action} is an outcome of chance, not a player’s decision.',
    'orbit.chance-event': 'The die and the order of play are chance: no player chooses them.',
    'orbit.must-enter': '{colour} rolled an even number and must enter a pawn on orbit 1.',
    'orbit.enter-field': 'A pawn enters on an empty field of orbit 1; {field} is not one.',
    'orbit.enter-needs-even': 'A pawn enters only right after an even roll.',
    'orbit.roll-needs-centre-pawn': '{colour} has no pawn in the centre, so it cannot roll.',
    'orbit.pass-only-when-stuck': '{colour} can roll or move, so it cannot pass.',
    'orbit.own-pawn': '{colour} has no pawn on {from}.',
    'orbit.no-revisit': 'From {from} to {to} in {steps} {steps|step|steps} only by visiting a field twice, which is not allowed.',
    'orbit.final-orbit-last-step': 'The outermost orbit is entered only with the last step: {from} to {to} in {steps} {steps|step|steps} is not possible.',
    'orbit.exact-steps': 'A pawn moves exactly as many steps as there are pawns on its orbit ({orbit}): {steps}, and {to} is not {steps} {steps|step|steps} from {from}.',
    'orbit.not-onto-own': 'A move never ends on a pawn of its own colour: {to} holds a {colour} pawn.',
    'orbit.protected': 'The pawn on {field} is protected: it can neither be captured nor capture.',
    'orbit.relocation-field': 'The captured pawn goes to an empty field of the next orbit in ({allowed}), not {relocate}.',
    'orbit.nothing-captured': '{to} holds no pawn to capture, so nothing is put back.',
  },
  pl: {
    'core.game-over': 'Gra się skończyła: nie ma już ruchów.',
    'core.not-legal': 'To nie jest tu dozwolony ruch.',
    'core.impossible-chance': 'Los nie może tu dać takiego wyniku.',
    'gyges.setup-phase': 'Żaden pionek nie rusza się, zanim obie strony się nie ustawią ({side} jeszcze się ustawia).',
    'gyges.setup-over': '{side} już się ustawiło: każda strona ustawia się raz, gdy jej rząd jest pusty.',
    'gyges.no-piece': 'Na {square} nie ma pionka.',
    'gyges.active-row': '{side} rusza tylko pionkiem z aktywnego rzędu, rzędu {row}: pionek z {piece} w nim nie stoi.',
    'gyges.exact-steps': 'Pionek {value} robi dokładnie {value} {value|krok|kroki|kroków}: pionek z {piece} nie może skończyć na {to}, nawet odbijając się.',
    'gyges.no-path': 'Każda droga z {piece} na {to} jest zablokowana: każdy krok oprócz ostatniego wchodzi na puste pole, nigdy na pole już odwiedzone.',
    'gyges.end-occupied': 'Na {to} stoi pionek: ruch, który tam się kończy, odbija się od niego albo go wypiera.',
    'gyges.replace-target': 'Na {to} nie ma pionka do wyparcia.',
    'gyges.drop-empty': 'Wyparty pionek trafia na puste pole; {drop} nie jest puste.',
    'gyges.drop-bound': 'Wyparty pionek nie może stanąć bliżej przeciwnika niż wszystkie inne: {side} kładzie go najdalej w rzędzie {rank}, nie na {drop}.',
    'gyges.change-board': 'Ruch musi zmienić planszę: ten zostawia ją bez zmian.',
    'gyges.goal-only-from-back-row': 'Pionek opuszcza planszę tylko przez krawędź przeciwnika, ostatnim krokiem, z rzędu {rank}.',
    'triles.not-in-hand': '{colour} nie ma w ręce kafelka {tile}.',
    'triles.rotation': 'Obrót to 0, 1 albo 2, nie {rotation}.',
    'triles.cell-taken': 'Na polu {cell} już leży kafelek.',
    'triles.not-adjacent': 'Kafelek kładzie się przy stole: pole {cell} nie styka się bokiem z żadnym kafelkiem.',
    'triles.edge-match': 'Kolory muszą się zgadzać na każdym wspólnym boku: kafelek ma na boku {edge} kolor {tile_colour}, sąsiad {neighbour_colour}.',
    'triles.extend-own-line': 'Kafelek musi przedłużyć linię twojego koloru ({colour}): żadne jego zakończenie w tym kolorze nie styka się ze stołem.',
    'triles.own-dot': 'Nie wolno zrobić kropki we własnym kolorze ({colour}).',
    'triles.close-own-line': 'Nie wolno zamknąć linii własnego koloru ({colour}): byłaby zamknięta z obu końców.',
    'triles.draw-only-when-stuck': 'Dobierasz tylko wtedy, gdy nie możesz położyć żadnego kafelka.',
    'triles.empty-pool-pass': 'Pula jest pusta: nie ma czego dobrać, więc pasujesz.',
    'triles.owed-placement-pass': 'Należnego dodatkowego kafelka, którego nie da się położyć, zrzeka się pasem, bez dobierania.',
    'triles.pass-only-when-stuck': 'Pasujesz tylko wtedy, gdy nie da się położyć kafelka.',
    'triles.pass-only-when-pool-empty': 'Bez kafelka do położenia dobierasz; pasujesz tylko przy pustej puli ({pool|został|zostały|zostało} {pool}).',
    'triles.give-first': 'Najpierw wybierz podarunek za klin (kafelek albo nic).',
    'triles.give-only-after-wedge': 'Kafelek daje się tylko zaraz po klinie.',
    'triles.chance-only': '{action} to wynik losowania, nie decyzja gracza.',
    'orbit.chance-event': 'Kostka i kolejność gry to los: żaden gracz ich nie wybiera.',
    'orbit.must-enter': '{colour} wyrzuca parzystą liczbę i musi wprowadzić pionek na orbitę 1.',
    'orbit.enter-field': 'Pionek wchodzi na puste pole orbity 1; {field} nim nie jest.',
    'orbit.enter-needs-even': 'Pionek wchodzi tylko zaraz po parzystym rzucie.',
    'orbit.roll-needs-centre-pawn': '{colour} nie ma pionka w środku, więc nie może rzucać.',
    'orbit.pass-only-when-stuck': '{colour} może rzucić albo ruszyć pionek, więc nie może pasować.',
    'orbit.own-pawn': '{colour} nie ma pionka na {from}.',
    'orbit.no-revisit': 'Z {from} na {to} w {steps} {steps|kroku|krokach} da się dojść tylko odwiedzając pole dwa razy, a tego nie wolno.',
    'orbit.final-orbit-last-step': 'Na ostatnią orbitę wchodzi się tylko ostatnim krokiem: z {from} na {to} w {steps} {steps|kroku|krokach} się nie da.',
    'orbit.exact-steps': 'Pionek idzie dokładnie tyle kroków, ile pionków stoi na jego orbicie ({orbit}): {steps}, a {to} nie leży {steps} {steps|krok|kroki|kroków} od {from}.',
    'orbit.not-onto-own': 'Ruch nigdy nie kończy się na pionku własnego koloru: na {to} stoi pionek {colour}.',
    'orbit.protected': 'Pionek na {field} jest chroniony: nie można go zbić ani on nie może bić.',
    'orbit.relocation-field': 'Zbity pionek trafia na puste pole następnej orbity w głąb ({allowed}), nie na {relocate}.',
    'orbit.nothing-captured': 'Na {to} nie ma pionka do zbicia, więc nic się nie odstawia.',
  },
};

// Argument values that are words: colours and sides.
const WORDS = {
  pl: {
    South: 'Południe', North: 'Północ', black: 'czarny', white: 'biały',
    red: 'czerwony', green: 'zielony', blue: 'niebieski', yellow: 'żółty',
  },
  en: {},
};

const KEY = 'trio.lang';

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved === 'en' || saved === 'pl') return saved;
  return (navigator.language || '').toLowerCase().startsWith('pl') ? 'pl' : 'en';
}

let lang = initial();
const listeners = new Set();

export function language() {
  return lang;
}

export function setLanguage(next) {
  lang = next === 'pl' ? 'pl' : 'en';
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

export function onLanguage(f) {
  listeners.add(f);
}

// The order of a language's plural forms in `{n|…|…}` (Intl.PluralRules' categories):
// English one|other ("1 step", "2 steps"), Polish one|few|many ("1 krok", "2 kroki",
// "5 kroków"; a fraction, Polish "other", takes the last form).
const FORMS = { en: ['one', 'other'], pl: ['one', 'few', 'many'] };

/// `{name}` is the argument; `{name|form|form…}` the word for its number, by plural rules.
function fill(text, args) {
  return text.replace(/\{(\w+)((?:\|[^|}]*)*)\}/g, (whole, name, forms) => {
    if (!args || args[name] === undefined) return whole;
    if (!forms) return String(args[name]);
    const words = forms.slice(1).split('|');
    const i = FORMS[lang].indexOf(new Intl.PluralRules(lang).select(Number(args[name])));
    return words[i < 0 ? words.length - 1 : Math.min(i, words.length - 1)];
  });
}

export function t(key, args) {
  return known(key, args) ?? key;
}

/// The words for `key`, or `undefined` where the page has none (a value shown as it is).
export function known(key, args) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key];
  return text === undefined ? undefined : fill(text, args);
}

/// A word of the game (a colour, a side) in the page's language.
export function word(value) {
  return WORDS[lang][value] ?? value;
}

/// Who plays a seat (`human`, `random`, `ai:3`), in words.
export function playerLabel(player) {
  if (player === 'human') return t('seat.human');
  if (player === 'random') return t('seat.random');
  const m = /^ai:(\d)$/.exec(player);
  return m ? t('seat.ai', { level: m[1] }) : player;
}

// English ordinal suffixes by Intl.PluralRules' ordinal categories.
const SUFFIX = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/// A place in words: 2 → "2nd", Polish "2.".
export function ordinal(n) {
  return lang === 'pl' ? `${n}.` : n + SUFFIX[new Intl.PluralRules('en', { type: 'ordinal' }).select(n)];
}

/// A name at the start of a sentence: "black" → "Black".
export function cap(text) {
  return text ? text[0].toLocaleUpperCase(lang) + text.slice(1) : text;
}

/// The rule ids of one game (`gyges`, `triles`, `orbit`) with their messages, the
/// arguments left as "…" (a plural word in its last form), for the rules page.
export function ruleList(kind) {
  return Object.entries(RULES[lang])
    .filter(([id]) => id.startsWith(kind + '.'))
    .map(([id, text]) => [id, text.replace(/\{\w+(?:\|[^|}]*)*\|([^|}]*)\}/g, '$1').replace(/\{\w+\}/g, '…')]);
}

/// The refusal of a rule id in the page's language, its arguments filled in.
export function ruleText(rule, args, fallback) {
  const text = RULES[lang][rule];
  if (!text) return fallback || rule;
  const words = {};
  for (const [k, v] of Object.entries(args || {})) words[k] = word(v);
  return fill(text, words);
}

/// Every rule id with a message, for the tests and the rules page.
export function ruleIds() {
  return Object.keys(RULES.en);
}

/// A refusal from the server (`{code, message, rule, args}`) in the page's language.
export function refusal(error) {
  if (error.rule) return ruleText(error.rule, error.args, error.message);
  const key = 'code.' + error.code;
  return STRINGS[lang][key] ? t(key) : error.message || error.code;
}

document.documentElement.lang = lang;
