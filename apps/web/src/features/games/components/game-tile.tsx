import { memo, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { Game } from '@panalo/contract/games';
import { useSite } from '../../../app/site';
import { useLazyVisible } from '../hooks/use-lazy-image';
import { tileName } from '../rules/favourites';
import { HeartIcon } from './icons';

const vendorLogo = (code: string) => `/api/games/art/vendors/${encodeURIComponent(code)}.svg`;

/** GAMES-032/033: image, vendor logo, heart and name (node name when the game has none). */
export const GameTile = memo(function GameTile({
  game,
  favourite,
  vendorIcon,
  onOpen,
  onToggleFavourite,
}: {
  game: Game;
  favourite: boolean;
  vendorIcon: string | undefined;
  onOpen: (game: Game) => void;
  onToggleFavourite: (game: Game) => void;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const box = useRef<HTMLSpanElement>(null);
  const visible = useLazyVisible(box);
  const name = tileName(game);
  return (
    <li className="game-tile" data-testid={`game-tile-${game.nodeId}`}>
      <button type="button" className="game-tile__open" onClick={() => onOpen(game)} data-testid="game-open">
        <span className="game-tile__art" ref={box}>
          {visible && game.showIcon && (
            <img src={site.img(game.iconUrl)} alt="" decoding="async" data-testid="game-art" />
          )}
        </span>
        <img
          className="game-tile__vendor"
          src={site.img(vendorIcon ?? vendorLogo(game.vassalage))}
          alt=""
          width={22}
          height={22}
          loading="lazy"
          decoding="async"
          data-testid="game-vendor-logo"
        />
        <span className="game-tile__name" data-testid="game-name">
          {name}
        </span>
      </button>
      <button
        type="button"
        className="game-tile__heart"
        aria-pressed={favourite}
        aria-label={t('games.tile.favourite', { name })}
        onClick={() => onToggleFavourite(game)}
        data-testid="game-fav"
      >
        <HeartIcon filled={favourite} />
      </button>
    </li>
  );
});
