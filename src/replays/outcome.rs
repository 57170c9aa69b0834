//! Who won, where the replay says: each player's leave record carries a
//! result (0x08 lost, 0x09 won), and where every player of all teams but
//! one lost, that one team won (a replay saved by a loser often ends
//! before the winners leave).

use crate::formats::w3g::Replay;

const LOST: u32 = 0x08;
const WON: u32 = 0x09;

/// (player id, "won" or "lost") for each playing player the replay tells.
pub fn results(replay: &Replay) -> Vec<(u8, &'static str)> {
    let playing: Vec<_> = replay.players.iter().filter(|p| !p.is_observer).collect();
    let said = |id: u8| {
        replay
            .leaves
            .iter()
            .find(|l| l.player == id)
            .and_then(|l| match l.result {
                LOST => Some("lost"),
                WON => Some("won"),
                _ => None,
            })
    };
    let mut out: Vec<(u8, &'static str)> = playing
        .iter()
        .filter_map(|p| said(p.id).map(|r| (p.id, r)))
        .collect();
    let mut teams: Vec<u8> = playing.iter().map(|p| p.team).collect();
    teams.sort_unstable();
    teams.dedup();
    let team_lost = |t: u8| {
        playing
            .iter()
            .filter(|p| p.team == t)
            .all(|p| said(p.id) == Some("lost"))
    };
    let standing: Vec<u8> = teams.iter().copied().filter(|&t| !team_lost(t)).collect();
    if teams.len() > 1 && standing.len() == 1 {
        for p in playing.iter().filter(|p| p.team == standing[0]) {
            if said(p.id).is_none() {
                out.push((p.id, "won"));
            }
        }
    }
    out
}
