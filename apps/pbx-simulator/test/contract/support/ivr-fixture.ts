/** An ivr/create body the contract suites use: number 6300 + n, unique per n, keys to an extension and a queue. */
export const contractIvr = (n: number) => ({
  number: String(6300 + n),
  name: `Contract IVR ${n}`,
  prompt: 'welcome.wav',
  prompt_repeat: 2,
  resp_timeout: 3,
  digit_timeout: 3,
  dial_ext_option: 'allow' as const,
  dial_ext_list: [{ value: '1', type: 'extension' }],
  press1_dest: 'extension',
  press1_dest_value: '1001',
  press2_dest: 'queue',
  press2_dest_value: '6400',
});
