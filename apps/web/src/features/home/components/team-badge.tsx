import { useState } from 'react';
import { useSite } from '../../../app/site';

/** A team's image and name; a missing image falls back to the initial. */
export function TeamBadge({ name, image, size = 28 }: { name: string; image: string; size?: number }) {
  const site = useSite();
  const [broken, setBroken] = useState(false);
  return (
    <span className="team">
      {broken ? (
        <span className="team__initial" style={{ width: size, height: size }} aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      ) : (
        <img
          className="team__img"
          src={site.img(image)}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
        />
      )}
      <span className="team__name">{name}</span>
    </span>
  );
}
