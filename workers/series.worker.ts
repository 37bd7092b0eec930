/// <reference lib="webworker" />
/**
 * The series worker: the bulk of a trend (fetch, decode, statistics, per-pixel reduction) runs here
 * so the main thread only draws. The main thread reaches it through comlink (src/app/trend/seriesClient.ts).
 */
import { expose } from 'comlink';
import { api } from './seriesApi';

expose(api);

export type SeriesWorker = typeof api;
