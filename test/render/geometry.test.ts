import { describe, expect, it } from 'vitest';
import { centroid, pathPolygons, pointInShape, shapeDistance } from '../../src/render/map/geometry.js';

describe('map art geometry', () => {
  const squareAndIsland = pathPolygons('M 0 0 L 10 0 L 10 10 L 0 10 Z M 20 20 l 5 0 v 5 h -5 z');

  it('reads absolute and relative M/L/H/V/Z into rings', () => {
    expect(squareAndIsland).toEqual([
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ],
      [
        [20, 20],
        [25, 20],
        [25, 25],
        [20, 25],
      ],
    ]);
  });

  it('refuses curves, which the art tools flatten', () => {
    expect(() => pathPolygons('M 0 0 C 1 1 2 2 3 3 Z')).toThrow(/only M, L, H, V, Z/);
  });

  it('finds points inside the shape and its islands only', () => {
    expect(pointInShape([5, 5], squareAndIsland)).toBe(true);
    expect(pointInShape([22, 22], squareAndIsland)).toBe(true);
    expect(pointInShape([15, 15], squareAndIsland)).toBe(false);
  });

  it('measures how far apart two shapes are', () => {
    expect(shapeDistance(squareAndIsland, pathPolygons('M10 0L20 0L20 10L10 10Z'))).toBe(0);
    expect(shapeDistance(squareAndIsland, pathPolygons('M13 0L20 0L20 10L13 10Z'))).toBe(3);
    expect(centroid(pathPolygons('M10 0L20 0L20 10L10 10Z'))).toEqual([15, 5]);
  });
});
