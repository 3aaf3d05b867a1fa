/**
 * The first of the two steps in which the charts' code arrives: nivo's core, with the d3 modules
 * and the animation library it brings (about two thirds of the code). Loaded and run in one
 * step, the whole held a throttled phone's main thread for over 100 ms in a single task, which
 * counted against the page's blocking time; in two steps, each is one shorter task.
 *
 * The line chart is imported from here rather than from Roadmap.tsx, so the bundler knows the
 * core is already loaded when it arrives and does not ship the core twice.
 */
import '@nivo/core';

export const loadRoadmapCharts = () => import('./RoadmapCharts');
