// useImmer (use-immer) with this app's immer set-up (Map and Set drafts) applied first.
import './immer';

export { useImmer } from 'use-immer';
