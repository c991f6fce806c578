import { Outlet } from 'react-router';

export function Layout() {
  return (
    <div className="page-container">
      <Outlet />
    </div>
  );
}
