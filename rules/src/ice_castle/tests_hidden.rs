//! Ice Castle tests: secret hands, the view of one seat, determinizations, and the bot.

use super::tests::*;
use super::*;
use crate::bots::{Bot, RandomBot, play_match};
use crate::{Game, ToAct};

/// A game some turns in, with cards on the castle and in the discard.
fn midgame(players: usize, seed: u64) -> IceCastle {
    let mut s = fresh(players, seed);
    let mut rng = GameRng::new(seed);
    for _ in 0..120 {
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let legal = s.legal_actions(seats[0]);
                let a = legal[rng.below(legal.len())];
                s.apply_unchecked(seats[0], &a);
            }
        }
    }
    s
}

#[test]
fn a_view_shows_the_public_board_and_only_the_seats_own_hand() {
    let s = midgame(3, 4);
    for seat in 0..3 {
        let v = s.view(seat);
        assert_eq!(v.hand, s.hand(seat));
        assert_eq!(
            v.hand_counts,
            (0..3).map(|p| s.hand(p).len()).collect::<Vec<_>>()
        );
        assert_eq!(v.pile_count, s.pile_count());
        assert_eq!(v.discard, s.discard());
        let left: Vec<_> = (0..3).map(|p| s.left_by(p)).collect();
        assert_eq!(v.left_by, left, "the door each character left by");
        for cell in s.cells() {
            let t = s.tile(cell).unwrap();
            let seen = v.tile(cell).unwrap();
            assert_eq!(seen.colour, t.colour);
            assert_eq!(
                seen.kind,
                t.revealed.then_some(t.kind),
                "face-down kinds stay secret"
            );
            assert_eq!(seen.passable(), t.passable());
        }
    }
}

#[test]
fn a_view_does_not_depend_on_other_hands_or_the_pile() {
    let s = midgame(2, 8);
    let swapped = s.edited(|s| {
        let other = std::mem::take(&mut s.hands[1]);
        let mut pool = std::mem::take(&mut s.pile);
        pool.extend(other);
        pool.sort();
        pool.reverse();
        let n = if s.current == 1 && s.phase == Phase::Play {
            4
        } else {
            3
        };
        s.hands[1] = pool.drain(..n).collect();
        s.hands[1].sort();
        pool.sort();
        s.pile = pool;
    });
    assert_eq!(s.view(0), swapped.view(0));
}

#[test]
fn draws_take_a_random_card_from_the_unordered_pile() {
    let mut a = fresh(2, 3);
    let mut b = a.clone();
    *b.rng_mut() = GameRng::new(1234);
    a.apply_chance();
    b.apply_chance();
    let mut pile_a = a.pile.clone();
    pile_a.sort();
    assert_eq!(pile_a, a.pile, "the pile has no order");
    // Re-seeding changes which card is drawn for at least one of a few seeds.
    let drawn: Vec<Vec<Card>> = (0..8)
        .map(|k| {
            let mut c = fresh(2, 3);
            *c.rng_mut() = GameRng::new(k);
            c.apply_chance();
            c.hand(0).to_vec()
        })
        .collect();
    assert!(drawn.iter().any(|h| h != &drawn[0]));
}

#[test]
fn a_determinization_keeps_the_seats_own_hand_and_the_public_board() {
    for seed in 0..20 {
        let s = midgame(2 + (seed % 3) as usize, seed);
        for seat in 0..s.num_seats() {
            let d = s.determinize(seat, seed * 31 + seat as u64);
            d.check_invariants().unwrap();
            assert_eq!(d.hand(seat), s.hand(seat));
            assert_eq!(
                d.view(seat),
                s.view(seat),
                "what the seat sees is unchanged"
            );
        }
    }
}

#[test]
fn a_determinization_re_deals_what_the_seat_has_not_seen() {
    let s = midgame(3, 5);
    let mut other_hands_changed = false;
    let mut tiles_changed = false;
    let mut pile_cards = s.pile.clone();
    for seat in 1..3 {
        pile_cards.extend_from_slice(s.hand(seat));
    }
    pile_cards.sort();
    for k in 0..10 {
        let d = s.determinize(0, k);
        other_hands_changed |= d.hand(1) != s.hand(1) || d.hand(2) != s.hand(2);
        tiles_changed |= d.tiles != s.tiles || d.unused != s.unused;
        let mut unseen = d.pile.clone();
        for seat in 1..3 {
            assert_eq!(d.hand(seat).len(), s.hand(seat).len());
            unseen.extend_from_slice(d.hand(seat));
        }
        unseen.sort();
        assert_eq!(
            unseen, pile_cards,
            "other hands come from the cards seat 0 has not seen"
        );
        assert_ne!(d.rng, s.rng, "the RNG is re-seeded");
    }
    assert!(other_hands_changed && tiles_changed);
}

#[test]
fn the_bot_decides_only_from_what_its_seat_can_know() {
    let (mut checked, mut hidden_changed) = (0, 0);
    for seed in 0..12 {
        let mut s = midgame(2, seed);
        // A turn often stops on its draw: deal it, so that a seat is to act.
        while s.to_act() == ToAct::Chance {
            s.apply_chance();
        }
        let ToAct::Seats(seats) = s.to_act() else {
            continue;
        };
        let seat = seats[0];
        let other = s.determinize(seat, 999 + seed);
        hidden_changed += usize::from(other != s);
        let a = bot::CastleBot::new(seed).choose(&s, seat);
        let b = bot::CastleBot::new(seed).choose(&other, seat);
        assert_eq!(
            a, b,
            "other hands and hidden tiles must not change the choice"
        );
        checked += 1;
    }
    assert!(
        checked >= 10 && hidden_changed >= 10,
        "only {checked} positions compared, {hidden_changed} with other hidden cards"
    );
}

#[test]
fn the_bot_beats_a_random_bot_in_at_least_90_percent_of_two_player_games() {
    let games = 100;
    let mut wins = 0;
    for g in 0..games {
        let state = fresh(2, 1000 + g);
        let bot_seat = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<IceCastle>>> =
            vec![Box::new(RandomBot::new(g)), Box::new(RandomBot::new(g + 7))];
        bots[bot_seat] = Box::new(bot::CastleBot::new(g));
        let result = play_match(state, &mut bots, &mut GameRng::new(g));
        if result.scores[bot_seat] == 1 {
            wins += 1;
        }
    }
    assert!(wins * 10 >= games * 9, "the bot won {wins} of {games}");
}
