// Single import point for the library source, so every scene shows the current code in ../src.
export * from '../../src/index.js';
