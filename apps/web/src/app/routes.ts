import type { ComponentType } from 'react';

/** One screen of the route list; features export arrays of these and the router mounts them. */
export interface AppRoute {
  path: string;
  Screen: ComponentType;
}
