import type { Brand, Texts } from './types';

/** Help centre items of one merchant, in display order. */
export function helpSeeds(b: Brand): Texts[] {
  return [
    {
      EN: {
        title: `Getting started with ${b.name}`,
        content: `<h3>Create your account</h3><p>Tap <b>Register</b>, choose a username and a password of 8 to 20 characters with letters and numbers, and accept the user agreement.</p><h3>Try before you deposit</h3><p>Use <b>Free trial</b> to play with demo credits. Trial credits cannot be withdrawn.</p><p class="note">${b.name} is for players of legal age only.</p>`,
      },
      TY: {
        title: `Paano magsimula sa ${b.name}`,
        content: `<h3>Gumawa ng account</h3><p>I-tap ang <b>Magrehistro</b>, pumili ng username at password na 8 hanggang 20 character na may letra at numero, at tanggapin ang kasunduan ng user.</p><h3>Subukan muna bago magdeposito</h3><p>Gamitin ang <b>Libreng trial</b> para maglaro gamit ang demo credits. Hindi maaaring i-withdraw ang trial credits.</p><p class="note">Para lamang sa mga nasa legal na edad ang ${b.name}.</p>`,
      },
    },
    {
      EN: {
        title: 'How do I deposit?',
        content: `<ol><li>Open <b>Deposit</b> from the footer.</li><li>Choose GCash, Maya or bank transfer.</li><li>Enter the amount (minimum ${b.minDeposit}) and follow the steps on the payment page.</li></ol><p>E-wallet deposits usually arrive within a minute. If yours has not arrived after 15 minutes, send the reference number to customer service.</p>`,
      },
      TY: {
        title: 'Paano mag-deposito?',
        content: `<ol><li>Buksan ang <b>Deposito</b> sa ibaba ng screen.</li><li>Pumili ng GCash, Maya o bank transfer.</li><li>Ilagay ang halaga (pinakamababa ${b.minDeposit}) at sundin ang mga hakbang sa payment page.</li></ol><p>Kadalasang pumapasok ang deposito sa e-wallet sa loob ng isang minuto. Kung wala pa rin pagkalipas ng 15 minuto, ipadala ang reference number sa customer service.</p>`,
      },
    },
    {
      EN: {
        title: 'How long does a withdrawal take?',
        content:
          '<p>Most withdrawals are paid within 15 minutes after approval.</p><ul><li>Bind a bank card or e-wallet in your name first.</li><li>Set a payment password in the security centre.</li><li>Bonuses must meet their turnover before the amount can be withdrawn.</li></ul>',
      },
      TY: {
        title: 'Gaano katagal ang withdrawal?',
        content:
          '<p>Karamihan ng withdrawal ay naibabayad sa loob ng 15 minuto matapos maaprubahan.</p><ul><li>Mag-bind muna ng bank card o e-wallet na nakapangalan sa iyo.</li><li>Mag-set ng payment password sa security centre.</li><li>Kailangang maabot ng bonus ang turnover nito bago ito ma-withdraw.</li></ul>',
      },
    },
    {
      EN: {
        title: 'Keeping your account secure',
        content:
          '<ul><li>Use a password you do not use anywhere else.</li><li>Never share your password, payment password or SMS code, not even with our staff.</li><li>Sign out on shared phones.</li></ul><p>If you think someone else used your account, change your password and contact customer service at once.</p>',
      },
      TY: {
        title: 'Panatilihing ligtas ang iyong account',
        content:
          '<ul><li>Gumamit ng password na hindi mo ginagamit sa ibang lugar.</li><li>Huwag ibigay kaninuman ang iyong password, payment password o SMS code, kahit sa aming staff.</li><li>Mag-sign out kapag hiram o shared ang telepono.</li></ul><p>Kung sa tingin mo ay may ibang gumamit ng iyong account, palitan agad ang password at makipag-ugnayan sa customer service.</p>',
      },
    },
    {
      EN: {
        title: 'Responsible gaming',
        content:
          '<p>Play for fun, with money you can afford to lose.</p><ul><li>Set a deposit limit or take a break from the security centre.</li><li>Never chase losses.</li><li>Ask customer service to close your account for a time if you need to.</li></ul><p>Players must be of legal age.</p>',
      },
      TY: {
        title: 'Responsableng paglalaro',
        content:
          '<p>Maglaro para sa saya, gamit lang ang perang kaya mong mawala.</p><ul><li>Magtakda ng deposit limit o magpahinga muna sa security centre.</li><li>Huwag habulin ang talo.</li><li>Kung kailangan, hilingin sa customer service na isara muna ang iyong account.</li></ul><p>Dapat nasa legal na edad ang mga player.</p>',
      },
    },
    {
      EN: {
        title: 'Is the lottery fair?',
        content:
          '<p>Yes, and you can check it yourself.</p><ol><li>Before a period opens we publish the SHA-256 hash of its secret seed.</li><li>The winning numbers come from that seed.</li><li>After the draw the seed is revealed: hash it and compare.</li></ol><p>No one, including us, can change a result after the hash is published.</p>',
      },
      TY: {
        title: 'Patas ba ang lotto?',
        content:
          '<p>Oo, at ikaw mismo ay makakapag-check.</p><ol><li>Bago magbukas ang isang period, inilalabas namin ang SHA-256 hash ng lihim na seed nito.</li><li>Mula sa seed na iyon ang mga panalong numero.</li><li>Pagkatapos ng bola, inilalabas ang seed: i-hash ito at ikumpara.</li></ol><p>Walang sinuman, kahit kami, ang makakapagpalit ng resulta matapos mailabas ang hash.</p>',
      },
    },
    {
      EN: {
        title: 'Becoming an agent',
        content: `<p>Invite friends with your affiliate link and earn commission on your team’s play.</p><ul><li>Apply from the agency centre or ask customer service.</li><li>Commission is paid weekly to your ${b.name} wallet.</li><li>Set rebates for your downline within your own quota.</li></ul>`,
      },
      TY: {
        title: 'Paano maging agent',
        content: `<p>Mag-imbita ng mga kaibigan gamit ang iyong affiliate link at kumita ng komisyon sa laro ng iyong team.</p><ul><li>Mag-apply sa agency centre o magtanong sa customer service.</li><li>Lingguhang ipinapasok ang komisyon sa iyong ${b.name} wallet.</li><li>Magtakda ng rebate para sa iyong downline sa loob ng sarili mong quota.</li></ul>`,
      },
    },
    {
      EN: {
        title: 'Bonuses and turnover',
        content:
          '<p>A bonus is added to your balance when you claim it. Before you can withdraw it, your bets must reach its turnover.</p><p><b>Example:</b> a ₱500 bonus with 10× turnover needs ₱5,000 in valid bets.</p><p>Each promotion lists its own turnover and expiry in the events page.</p>',
      },
      TY: {
        title: 'Mga bonus at turnover',
        content:
          '<p>Idinadagdag ang bonus sa iyong balance kapag kinuha mo ito. Bago ito ma-withdraw, kailangang maabot ng iyong mga taya ang turnover nito.</p><p><b>Halimbawa:</b> ang ₱500 na bonus na may 10× turnover ay nangangailangan ng ₱5,000 na valid na taya.</p><p>Nakalista sa events page ang turnover at expiry ng bawat promo.</p>',
      },
    },
  ];
}
