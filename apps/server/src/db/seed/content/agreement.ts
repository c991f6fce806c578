import type { Brand, Texts } from './types';

/** The user agreement page of one merchant. */
export function agreementSeed(b: Brand): Texts {
  return {
    EN: {
      title: 'User agreement',
      content: [
        `<p>By opening an account with ${b.name} you accept these terms.</p>`,
        '<h3>1. Eligibility</h3><p>You must be of legal age to play and gaming must be lawful where you are.</p>',
        '<h3>2. Accounts</h3><p>One account per person. Keep your password secret; you are responsible for play on your account.</p>',
        '<h3>3. Deposits and withdrawals</h3><p>Money in and out must go through accounts in your own name. We may ask for proof of identity before paying a withdrawal.</p>',
        '<h3>4. Bonuses</h3><p>Each bonus has its own turnover and expiry. Abuse of promotions voids the bonus and its winnings.</p>',
        '<h3>5. Fair play</h3><p>Draw and game outcomes come from a verifiable random process. Bots, collusion and exploiting faults are not allowed.</p>',
        '<h3>6. Responsible gaming</h3><p>You can set limits or close your account for a time from the security centre or through customer service.</p>',
        '<h3>7. Privacy</h3><p>We keep your data only to run your account and meet legal duties, and never sell it.</p>',
        '<h3>8. Changes</h3><p>We will tell you about changes to these terms in the announcements before they apply.</p>',
      ].join(''),
    },
    TY: {
      title: 'Kasunduan ng user',
      content: [
        `<p>Sa pagbukas ng account sa ${b.name}, tinatanggap mo ang mga tuntuning ito.</p>`,
        '<h3>1. Pagiging karapat-dapat</h3><p>Dapat nasa legal na edad ka para maglaro at legal ang paglalaro kung nasaan ka.</p>',
        '<h3>2. Mga account</h3><p>Isang account bawat tao. Itago ang iyong password; ikaw ang mananagot sa mga laro sa iyong account.</p>',
        '<h3>3. Deposito at withdrawal</h3><p>Dapat dumaan ang pera sa mga account na nakapangalan sa iyo. Maaari kaming humingi ng patunay ng pagkakakilanlan bago magbayad ng withdrawal.</p>',
        '<h3>4. Mga bonus</h3><p>May sariling turnover at expiry ang bawat bonus. Ang pang-aabuso sa promo ay magpapawalang-bisa sa bonus at sa panalo nito.</p>',
        '<h3>5. Patas na laro</h3><p>Ang resulta ng bola at laro ay mula sa prosesong random na maaaring i-verify. Bawal ang bot, sabwatan at pagsasamantala sa mga depekto.</p>',
        '<h3>6. Responsableng paglalaro</h3><p>Maaari kang magtakda ng limit o pansamantalang isara ang iyong account sa security centre o sa pamamagitan ng customer service.</p>',
        '<h3>7. Privacy</h3><p>Itinatago lang namin ang iyong data para patakbuhin ang iyong account at sundin ang batas, at hindi namin ito ibinebenta.</p>',
        '<h3>8. Mga pagbabago</h3><p>Ipapaalam namin sa mga anunsyo ang anumang pagbabago sa mga tuntuning ito bago ito ipatupad.</p>',
      ].join(''),
    },
  };
}
