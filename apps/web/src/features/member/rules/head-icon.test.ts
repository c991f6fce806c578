import { describe, expect, it } from 'vitest';
import { cropSquare, dragCrop, headIconFileProblem, initialCrop, zoomCrop } from './head-icon';

describe('head icon picking', () => {
  it('API-027 takes png, jpg and webp files of at most 2 MB', () => {
    const MB = 1024 * 1024;
    expect(headIconFileProblem({ type: 'image/png', size: 2 * MB })).toBeNull();
    expect(headIconFileProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(headIconFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(headIconFileProblem({ type: 'image/png', size: 2 * MB + 1 })).toBe('size');
    expect(headIconFileProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(headIconFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(headIconFileProblem({ type: '', size: 10 })).toBe('type');
  });

  it('the crop starts as the centred short side and always stays inside the picture', () => {
    const c = initialCrop(400, 200);
    expect(cropSquare(400, 200, c)).toEqual({ sx: 100, sy: 0, side: 200 });
    // Dragging right by a whole frame shows the left part: the square stops at the picture's edge.
    const left = dragCrop(400, 200, c, 500, 0, 100);
    expect(cropSquare(400, 200, left)).toEqual({ sx: 0, sy: 0, side: 200 });
    // Zoomed ×2 the square is half the short side; dragging moves it by side/frame per pixel.
    const z = zoomCrop(400, 200, c, 2);
    expect(cropSquare(400, 200, z)).toEqual({ sx: 150, sy: 50, side: 100 });
    const moved = dragCrop(400, 200, z, -10, 20, 100);
    expect(cropSquare(400, 200, moved)).toEqual({ sx: 160, sy: 30, side: 100 });
    // Zoom is bounded, and zooming out again keeps the square inside.
    expect(cropSquare(400, 200, zoomCrop(400, 200, z, 99)).side).toBe(50);
    expect(cropSquare(400, 200, zoomCrop(400, 200, moved, 0.1))).toEqual({ sx: 110, sy: 0, side: 200 });
  });
});
