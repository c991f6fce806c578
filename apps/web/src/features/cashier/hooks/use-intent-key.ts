import { useState } from 'react';
import { IntentKey } from '../lib/intent-key';

/** An IntentKey that lives as long as the form: created when the form opens. */
export function useIntentKey(): IntentKey {
  const [key] = useState(() => new IntentKey());
  return key;
}
