import type { AppRoute } from '../../app/routes';

export const contentRoutes: AppRoute[] = [];
