/**
 * The header the web sets on requests it sends by itself (polling the bell, the running timer):
 * they are not activity, so an open but unattended tab still reaches the idle timeout
 * (issue 13, item 9). Any other signed-in request is activity.
 */
export const BACKGROUND_REQUEST_HEADER = "x-nexo-background";
