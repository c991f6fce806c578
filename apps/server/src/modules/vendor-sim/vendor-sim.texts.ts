/** The simulator pages' words in the languages it speaks (EN and TY; anything else reads English). */
const EN = {
  back: 'Back',
  balance: 'Balance',
  stake: 'Stake',
  spin: 'Spin',
  paytable: 'Paytable',
  paytableNote: '5 lines, each staking a fifth of the bet; wins pay left to right, times the line stake.',
  rtp: 'Return to player',
  won: 'You won',
  noWin: 'No win this time',
  noFunds: 'Not enough balance for this stake. Lower the stake or deposit.',
  limit: 'This stake would pass a limit you set on your play. See Safer play on the site.',
  minStake: 'This stake is below the game’s minimum.',
  expired: 'This game session has ended. Go back and open the game again.',
  failed: 'Something went wrong. Please try again.',
  loading: 'Loading…',
  playing: 'Playing…',
  pick: 'Place your bet',
  result: 'Result',
  dragon: 'Dragon',
  tiger: 'Tiger',
  tie: 'Tie',
  home: 'Home',
  away: 'Away',
  draw: 'Draw',
  meron: 'Meron',
  wala: 'Wala',
  odds: 'odds',
  chance: 'chance',
  cardsRules:
    'One card each for Dragon and Tiger; the higher card wins (aces low). A tie loses Dragon and Tiger bets.',
  matchRules: 'Pick an outcome; a correct pick pays the stake times the odds.',
  shoot: 'Shoot',
  pays: 'pays',
  hit: 'Hit!',
  missed: 'Missed.',
  fishRules:
    'Each shot costs the stake. Tap a fish (or Tab to it and press Enter) to shoot; a hit pays the stake times the fish’s multiplier.',
  simulator: 'Panalo game simulator: play money moves only through your Panalo wallet.',
};

const TY: Record<keyof typeof EN, string> = {
  back: 'Bumalik',
  balance: 'Balanse',
  stake: 'Taya',
  spin: 'Paikutin',
  paytable: 'Talaan ng bayad',
  paytableNote:
    '5 linya, bawat isa ay may ikalimang bahagi ng taya; bayad mula kaliwa, beses ng taya ng linya.',
  rtp: 'Balik sa manlalaro',
  won: 'Nanalo ka',
  noWin: 'Walang panalo ngayon',
  noFunds: 'Kulang ang balanse para sa tayang ito. Babaan ang taya o mag-deposito.',
  limit:
    'Lalampas ang tayang ito sa isang limit na itinakda mo sa iyong paglalaro. Tingnan ang Safer play sa site.',
  minStake: 'Mas mababa ang tayang ito sa minimum ng laro.',
  expired: 'Tapos na ang session ng larong ito. Bumalik at buksan muli ang laro.',
  failed: 'May nangyaring mali. Pakisubukan muli.',
  loading: 'Naglo-load…',
  playing: 'Naglalaro…',
  pick: 'Pumili ng taya',
  result: 'Resulta',
  dragon: 'Dragon',
  tiger: 'Tigre',
  tie: 'Tabla',
  home: 'Home',
  away: 'Away',
  draw: 'Tabla',
  meron: 'Meron',
  wala: 'Wala',
  odds: 'odds',
  chance: 'tsansa',
  cardsRules:
    'Isang baraha bawat isa sa Dragon at Tigre; mas mataas ang panalo (mababa ang alas). Talo ang Dragon at Tigre kapag tabla.',
  matchRules: 'Pumili ng resulta; ang tamang pili ay bayad na taya beses odds.',
  shoot: 'Barilin',
  pays: 'bayad',
  hit: 'Tinamaan!',
  missed: 'Hindi tinamaan.',
  fishRules:
    'Bawat putok ay nagkakahalaga ng taya. I-tap ang isda (o Tab at Enter) para barilin; ang tama ay bayad na taya beses multiplier.',
  simulator: 'Panalo game simulator: gumagalaw lang ang pera sa iyong Panalo wallet.',
};

export type SimTexts = Record<keyof typeof EN, string>;
export const SIM_TEXTS: Record<'EN' | 'TY', SimTexts> = { EN, TY };
export const textsFor = (lang: string): SimTexts =>
  lang.toUpperCase() === 'TY' ? SIM_TEXTS.TY : SIM_TEXTS.EN;
