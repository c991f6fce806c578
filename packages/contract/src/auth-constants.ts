// Zod-free constants of the auth contract, for the web bundle.
export const ENVELOPE_ALGORITHM = 'RSA-OAEP-256+A256GCM' as const;
