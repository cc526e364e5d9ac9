import { resourceWith } from './resource.js';

/** Desk-phone call control over uaCSTA (supported phones with uaCSTA on at phone and PBX). */
export class UacstaCallResource extends resourceWith({
  /** POST uacsta_call/refuse: refuses a call ringing on a desk phone. */
  refuse: 'uacsta_call/refuse',
  /** POST uacsta_call/hangup: ends the desk phone's uaCSTA call, ringing or answered. Never retried. */
  hangup: 'uacsta_call/hangup',
}) {}
