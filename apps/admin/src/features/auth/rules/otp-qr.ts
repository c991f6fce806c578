/**
 * The otpauth URI as a QR code image (a data URL) for the authenticator app to scan. The generator is
 * fetched only then: most sign-ins never show a QR code.
 */
export async function otpQrDataUrl(uri: string): Promise<string> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(uri);
  qr.make();
  return qr.createDataURL(5, 10);
}

/** The secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');
