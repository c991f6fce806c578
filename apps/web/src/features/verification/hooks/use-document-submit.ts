import { useEffect, useRef, useState } from 'react';
import { useSendDocument, type DocumentUpload } from '../api/send-document';
import { useRefusalText } from './use-refusal-text';

/**
 * Sends a document form: while it travels the form is busy; a refusal is shown in the form and focused;
 * a success is the page's to say (`onSent`), as the form then gives way to the document waiting.
 */
export function useDocumentSubmit(onSent: () => void) {
  const send = useSendDocument();
  const refusal = useRefusalText();
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const submit = async (upload: DocumentUpload) => {
    setFailure(null);
    try {
      await send.mutateAsync(upload);
      onSent();
    } catch (err) {
      setFailure(refusal(err));
    }
  };
  return { submit, busy: send.isPending, failure, failureRef, clearFailure: () => setFailure(null) };
}
