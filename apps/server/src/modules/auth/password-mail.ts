/** The password-reset e-mail, in the merchant's default language (EN, or TY for Filipino). */
export function resetMail(
  language: string,
  o: { siteName: string; username: string; link: string; minutes: number },
): { subject: string; text: string } {
  if (language.toUpperCase() === 'TY') {
    return {
      subject: `${o.siteName}: i-reset ang iyong password`,
      text: [
        `Kumusta ${o.username},`,
        '',
        `May humiling na i-reset ang password ng iyong account sa ${o.siteName}.`,
        `Buksan ang link na ito sa loob ng ${o.minutes} minuto para pumili ng bagong password:`,
        '',
        o.link,
        '',
        'Isang beses lang magagamit ang link. Kung hindi ikaw ang humiling nito, huwag pansinin ang e-mail na ito; hindi magbabago ang iyong password.',
      ].join('\n'),
    };
  }
  return {
    subject: `${o.siteName}: reset your password`,
    text: [
      `Hello ${o.username},`,
      '',
      `Someone asked to reset the password of your ${o.siteName} account.`,
      `Open this link within ${o.minutes} minutes to choose a new password:`,
      '',
      o.link,
      '',
      'The link works once. If you did not ask for this, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
  };
}
