/** Home's screen module: its routes show it, and the entry asks for it early on home (main.tsx). */
export const loadHomeScreen = () => import('./screens/home-screen');
