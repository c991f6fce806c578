import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

// antd-mobile renders Toast and Dialog into containers of its own; under React 19 it must use createRoot
// (its "v5 for 19" guide). This module is imported only by lazily loaded code that uses antd-mobile, so
// the UI kit never weighs on the first page.
unstableSetRender((node, container) => {
  const host = container as Element & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

export const antdReady = true;
