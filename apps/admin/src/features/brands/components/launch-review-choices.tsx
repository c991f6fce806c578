import { useTranslation } from 'react-i18next';
import { PAYMONGO_METHOD_NAMES } from '@panalo/contract/payment-rules';
import { hiddenOfShown, namesOf, type Catalogue } from '../rules/catalogue';
import type { LaunchForm } from '../rules/launch-form';
import { formatInZone, zonedIso } from '../rules/maintenance-window';
import { Facts } from './facts';
import type { TemplateState } from './launch-fields';

interface Props {
  form: LaunchForm;
  template: TemplateState | null;
  catalogue: Catalogue | undefined;
}

/**
 * A choice as the review reads it: the one made (named as the catalogue names them), else the template's
 * ("as brand panalo: …"), else everything in the catalogue.
 */
function useChoiceText() {
  const { t } = useTranslation();
  return (
    chosen: string[] | null,
    fromTemplate: (d: NonNullable<TemplateState['detail']>) => string[],
    items: readonly { code: string; name: string }[],
    template: TemplateState | null,
  ): string => {
    const list = (codes: string[]) => namesOf(codes, items).join(', ') || t('launch.none');
    if (chosen) return list(chosen);
    if (!template) return t('launch.review.everything');
    return t('launch.review.asTemplate', {
      code: template.code,
      list: template.detail ? list(fromTemplate(template.detail)) : '…',
    });
  };
}

/** The games step in review: vendors, hidden games, lottery games. */
export function ReviewGames({ form, template, catalogue }: Props) {
  const { t } = useTranslation();
  const choice = useChoiceText();
  const hidden =
    form.hiddenGames && (form.vendors ? hiddenOfShown(form.hiddenGames, form.vendors) : form.hiddenGames);
  return (
    <Facts
      rows={[
        {
          label: t('launch.vendors'),
          value: choice(form.vendors, (d) => d.vendors, catalogue?.vendors ?? [], template),
        },
        {
          label: t('launch.hiddenTitle'),
          value: hidden
            ? t('launch.hiddenChosen', { count: hidden.length })
            : template
              ? t('launch.hiddenFromTemplate', {
                  code: template.code,
                  count: template.detail?.hiddenGames ?? 0,
                })
              : t('launch.hiddenNone'),
        },
        {
          label: t('launch.lottery'),
          value: choice(form.lotteryGames, (d) => d.lotteryGames, catalogue?.lottery ?? [], template),
        },
      ]}
    />
  );
}

/** The cashier step in review: deposit methods, the PayMongo account, the planned window. */
export function ReviewCashier({ form, template, catalogue }: Props) {
  const { t, i18n } = useTranslation();
  const choice = useChoiceText();
  const pay = form.payMongo;
  const w = form.maintenanceWindow;
  const zone = form.timeZone.trim();
  const at = (local: string) => {
    const iso = zonedIso(local, zone);
    return iso ? formatInZone(iso, zone, i18n.language) : '—';
  };
  return (
    <Facts
      rows={[
        {
          label: t('launch.depositMethods'),
          value: choice(
            form.depositMethods,
            (d) => d.depositMethods.filter((m) => m.enabled).map((m) => m.code),
            catalogue?.depositMethods ?? [],
            template,
          ),
        },
        {
          label: t('launch.payMongoTitle'),
          value: pay
            ? t('launch.review.payMongoTest', {
                methods: pay.methods.map((m) => PAYMONGO_METHOD_NAMES[m]).join(', '),
                api: pay.apiUrl.trim() || t('launch.review.payMongoOwnApi'),
              })
            : t('launch.review.payMongoNone'),
        },
        {
          label: t('launch.windowTitle'),
          value: w
            ? [t('brand.window.span', { from: at(w.startsAt), to: at(w.endsAt), zone }), w.message.trim()]
                .filter(Boolean)
                .join(' — ')
            : t('launch.review.windowNone'),
        },
      ]}
    />
  );
}
