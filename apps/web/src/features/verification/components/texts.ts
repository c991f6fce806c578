import type { KycDocumentKind, KycDocumentStatus, KycIdType } from '@panalo/contract/kyc-rules';
import type { TFunction } from '../../../i18n/translator';
import { NAME_BOUNDS, type DraftProblem } from '../rules/document-draft';

// The page's texts chosen by a value, written as literal keys so that the catalogue check sees each one.

export function idTypeName(t: TFunction, idType: KycIdType): string {
  switch (idType) {
    case 'philsys':
      return t('verification.idTypes.philsys');
    case 'passport':
      return t('verification.idTypes.passport');
    case 'drivers_licence':
      return t('verification.idTypes.drivers_licence');
    case 'umid':
      return t('verification.idTypes.umid');
    case 'sss':
      return t('verification.idTypes.sss');
    case 'prc':
      return t('verification.idTypes.prc');
    case 'postal':
      return t('verification.idTypes.postal');
    case 'voters':
      return t('verification.idTypes.voters');
    case 'tin':
      return t('verification.idTypes.tin');
  }
}

export function statusName(t: TFunction, status: KycDocumentStatus): string {
  switch (status) {
    case 'pending':
      return t('verification.docs.status.pending');
    case 'checking':
      return t('verification.docs.status.checking');
    case 'approved':
      return t('verification.docs.status.approved');
    case 'rejected':
      return t('verification.docs.status.rejected');
    case 'more_needed':
      return t('verification.docs.status.more_needed');
  }
}

export const kindName = (t: TFunction, kind: KycDocumentKind) =>
  kind === 'identity' ? t('verification.docs.kind.identity') : t('verification.docs.kind.address');

/** A level's short name (0 registered … 3 address verified). */
export function levelName(t: TFunction, level: number): string {
  switch (level) {
    case 0:
      return t('verification.levels.name0');
    case 1:
      return t('verification.levels.name1');
    case 2:
      return t('verification.levels.name2');
    default:
      return t('verification.levels.name3');
  }
}

/** What proves a level. */
export function levelProof(t: TFunction, level: number): string {
  switch (level) {
    case 0:
      return t('verification.levels.proof0');
    case 1:
      return t('verification.levels.proof1');
    case 2:
      return t('verification.levels.proof2');
    default:
      return t('verification.levels.proof3');
  }
}

/** A form's problem at its field. */
export function problemText(t: TFunction, p: DraftProblem): string {
  switch (p.field) {
    case 'idType':
      return t('verification.problem.idType');
    case 'fullName':
      return p.reason === 'required'
        ? t('verification.problem.fullNameRequired')
        : p.reason === 'short'
          ? t('verification.problem.fullNameShort')
          : t('verification.problem.fullNameLong', { max: NAME_BOUNDS.max });
    case 'birthDate':
      return p.reason === 'required'
        ? t('verification.problem.birthDateRequired')
        : p.reason === 'future'
          ? t('verification.problem.birthDateFuture')
          : t('verification.problem.underAge', { minAge: p.minAge });
    case 'front':
    case 'back':
    case 'selfie':
    case 'document':
      return t('verification.problem.pictureMissing');
  }
}
