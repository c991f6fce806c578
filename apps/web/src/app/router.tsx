import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './layout/layout';
import type { AppRoute } from './routes';
import { NotFoundScreen } from './screens/status-screens';
import { homeRoutes } from '../features/home/routes';
import { contentRoutes } from '../features/content/routes';

/** Every route of the spec's route list this build owns; each feature lists its own lazy screens. */
export const appRoutes: AppRoute[] = [...homeRoutes, ...contentRoutes];

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          {appRoutes.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
