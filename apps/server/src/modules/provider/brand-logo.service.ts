import { BRAND_ICON_LIMITS, BRAND_IMAGE_PATH } from '@panalo/contract/provider-rules';
import type { BrandDetail } from '@panalo/contract/provider';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { unknownBrand } from './brand-refusals';
import type { FileStore } from '../../lib/file-store';
import { withStoredImages, type FormImage } from '../../lib/image-form';
import { merchantsRepository } from '../merchants/merchants.repository';
import { brandsRepository } from './brands.repository';
import type { BrandsService } from './brands.service';
import { providerAuditRepository } from './provider-audit.repository';
import type { ProviderCaller } from './provider-auth.service';

/** A brand's pictures the provider uploads (issue 51 item 2): its logo and its app icon. */
export function brandLogoService(deps: {
  db: Database;
  clock: Clock;
  files: FileStore;
  brands: Pick<BrandsService, 'detail'>;
  /** Called after a brand's row changed: every process's merchant cache must see it. */
  merchantsChanged: () => void;
}) {
  const { db, clock } = deps;
  return {
    /**
     * The brand's logo: one checked picture, stored before the theme names it (a refusal leaves no file);
     * the picture it replaces is removed once the theme no longer names it. Audited before → after.
     */
    async setLogo(caller: ProviderCaller, code: string, image: FormImage, ip: string): Promise<BrandDetail> {
      const { files } = deps;
      const m = await brandsRepository(db).find(code);
      if (!m) throw unknownBrand();
      const prefix = `/api${BRAND_IMAGE_PATH.replace(':file', '')}`;
      const replaced = await withStoredImages(files, 'brands', [image], async ([key]) =>
        inTransaction(db, 'brands.service.setLogo', async (trx) => {
          const tx = merchantsRepository(trx);
          const { theme } = await tx.lockTheme(m.id);
          const url = prefix + key!.slice('brands/'.length);
          await tx.setTheme(m.id, JSON.stringify({ ...theme, logo: url }));
          await providerAuditRepository(trx).insert({
            staffId: caller.staffId,
            action: 'brand.logo',
            merchantId: m.id,
            before: { logo: theme.logo },
            after: { logo: url },
            reason: null,
            ip,
            at: clock.now(),
          });
          return theme.logo;
        }),
      );
      if (replaced.startsWith(prefix))
        await files.remove(`brands/${replaced.slice(prefix.length)}`).catch(() => undefined);
      deps.merchantsChanged();
      return deps.brands.detail(code);
    },

    /**
     * The brand's app icon (the installed site's and the browser tab's): one square picture of
     * BRAND_ICON_LIMITS' sides (400 icon_not_square, icon_too_small, icon_too_large), stored before the
     * settings name it; the icon it replaces is removed. Audited before → after.
     */
    async setIcon(caller: ProviderCaller, code: string, image: FormImage, ip: string): Promise<BrandDetail> {
      const { files } = deps;
      if (image.width !== image.height)
        throw new DomainError('icon_not_square', 400, 'The icon must be square', {
          width: image.width,
          height: image.height,
        });
      if (image.width < BRAND_ICON_LIMITS.minSide)
        throw new DomainError('icon_too_small', 400, 'The icon is too small', {
          minSide: BRAND_ICON_LIMITS.minSide,
        });
      if (image.width > BRAND_ICON_LIMITS.maxSide)
        throw new DomainError('icon_too_large', 400, 'The icon is too large', {
          maxSide: BRAND_ICON_LIMITS.maxSide,
        });
      const m = await brandsRepository(db).find(code);
      if (!m) throw unknownBrand();
      const prefix = `/api${BRAND_IMAGE_PATH.replace(':file', '')}`;
      const replaced = await withStoredImages(files, 'brands', [image], async ([key]) =>
        inTransaction(db, 'brands.service.setIcon', async (trx) => {
          const tx = brandsRepository(trx);
          const { settings } = await tx.lockSettings(m.id);
          const icon = { url: prefix + key!.slice('brands/'.length), size: image.width };
          await tx.setJson(m.id, 'settings', JSON.stringify({ ...settings, appIcon: icon }));
          await providerAuditRepository(trx).insert({
            staffId: caller.staffId,
            action: 'brand.icon',
            merchantId: m.id,
            before: { icon: settings.appIcon?.url ?? null },
            after: { icon: icon.url },
            reason: null,
            ip,
            at: clock.now(),
          });
          return settings.appIcon?.url ?? null;
        }),
      );
      if (replaced?.startsWith(prefix))
        await files.remove(`brands/${replaced.slice(prefix.length)}`).catch(() => undefined);
      deps.merchantsChanged();
      return deps.brands.detail(code);
    },
  };
}
