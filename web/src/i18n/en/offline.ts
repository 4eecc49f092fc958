// English: playing with no network (parts/offline/): the bar that says so, and the way back.
export default {
  title: 'Offline.',
  text: 'You play the computer on this device, with no network. These games count for no statistics, ratings or achievements.',
  online: 'Go online',
};
