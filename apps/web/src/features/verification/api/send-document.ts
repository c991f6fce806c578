import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument, KycStatus } from '@panalo/contract/kyc';
import { KYC_API, type KycDocumentKind, type KycIdType, type KycImageSlot } from '@panalo/contract/kyc-rules';
import { apiRequest } from '../../../lib/api';
import { kycStatusKeys } from '../../../lib/kyc-status';
import { useSession } from '../../../lib/session';

export interface DocumentUpload {
  kind: KycDocumentKind;
  /** Identity documents only. */
  idType?: KycIdType;
  fullName: string;
  birthDate: string;
  /** The kind's pictures by their form field (front, back, selfie; or document). */
  pictures: Partial<Record<KycImageSlot, File>>;
}

/** The multipart form of POST /api/kyc/documents: the text fields first, then each picture under its slot. */
export function documentForm(u: DocumentUpload): FormData {
  const form = new FormData();
  form.set('kind', u.kind);
  if (u.kind === 'identity' && u.idType) form.set('idType', u.idType);
  form.set('fullName', u.fullName.trim());
  form.set('birthDate', u.birthDate);
  for (const [slot, file] of Object.entries(u.pictures)) if (file) form.set(slot, file, file.name);
  return form;
}

/**
 * Sends a document for review. The answer joins my documents at once (the form gives way to the document
 * waiting, so it is not sent twice), then my status is read again.
 */
export function useSendDocument() {
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  return useMutation({
    mutationFn: (u: DocumentUpload) =>
      apiRequest<KycDocument>('POST', KYC_API.documents, { body: documentForm(u) }),
    onSuccess: (doc) => {
      client.setQueryData<KycStatus>(kycStatusKeys.mine(token), (s) =>
        s ? { ...s, documents: [doc, ...s.documents.filter((d) => d.id !== doc.id)] } : s,
      );
      void client.invalidateQueries({ queryKey: kycStatusKeys.all });
    },
  });
}
