/** Spec §9: the change-password loading message lasts 10 s; home follows 1 s after 'Change saved'. */
export const CHANGE_LOADING_MS = 10_000;
export const CHANGE_REDIRECT_MS = 1000;
export const HOME = '/m/home';
export const LOGIN = '/m/login';
