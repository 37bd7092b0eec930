/**
 * immer for the browser app's nested state: edits are written as mutations of a draft and come out as
 * new frozen values that share what did not change. Map and Set drafts are on because the tree's
 * expanded and checked ids are Sets. App code takes produce from here (and useImmer from ./useImmer),
 * so the plugin is enabled before the first draft. No React here: the tree model imports it.
 */
import { enableMapSet } from 'immer';

enableMapSet();

export { produce } from 'immer';
