/*
 * Coverages, temp ID cards and new-card requests (spec 1 §3 "Coverage", "Temp ID card", §4).
 */
export {};
