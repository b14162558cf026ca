// Registers the Diplomacy-Points rule modules (dp, dp-*, neutral-orders, religion).
export {};
