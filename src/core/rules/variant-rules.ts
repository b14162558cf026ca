// Registers the map and scoring rule modules (straits, unified coasts, extra homes, emperor, victory...).
export {};
