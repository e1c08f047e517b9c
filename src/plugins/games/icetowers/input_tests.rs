//! Tests of the IceTowers mouse handlers: picking, following, the table click and the seat a click is for.

use super::*;
use hoarfrost_rules::icetowers::{Pyramid, Setup};

fn p(side: u8, pips: u8) -> Pyramid {
    Pyramid { side, pips }
}

fn state() -> IceTowers {
    let towers = [
        vec![p(0, 3), p(0, 2), p(1, 1)],
        vec![p(2, 3), p(2, 2), p(1, 2)],
    ];
    IceTowers::with_towers(&Setup::new(3, 1), &towers).unwrap()
}

fn free(s: &IceTowers, side: u8, pips: u8) -> TowerId {
    s.towers()
        .iter()
        .find(|t| t.pieces == [p(side, pips)])
        .unwrap()
        .id
}

#[test]
fn click_own_freestanding_then_a_tower_caps() {
    let s = state();
    let mine = free(&s, 0, 1);
    let source = match click_piece(&s, 0, None, mine, 0) {
        Outcome::Select(src) => src,
        other => panic!("{other:?}"),
    };
    let onto = s.towers()[1].id;
    assert_eq!(
        click_piece(&s, 0, Some(source), onto, 2),
        Outcome::Play(Action::Cap { piece: mine, onto })
    );
    assert!(targets(&s, 0, source).contains(&onto));
}

#[test]
fn a_pyramid_that_can_cap_nothing_says_so_when_picked_up() {
    let s = state();
    let small = Source::Free(free(&s, 0, 1));
    assert!(select_hint(&s, 0, small).starts_with("Now click a tower"));
    // Every large pyramid but one of Red's sits under a small one of its colour: the free
    // large has no top at least as large to cap.
    let start = IceTowers::new(&Setup::new(3, 1)).unwrap();
    let mut towers = Vec::new();
    let mut red_free = false;
    for t in start.towers() {
        let top = t.top();
        if top.pips == 3 {
            if top.side == 0 && !red_free {
                red_free = true;
            } else {
                towers.push(vec![top, p(top.side, 1)]);
            }
        }
    }
    let s = IceTowers::with_towers(&Setup::new(3, 1), &towers).unwrap();
    let large = Source::Free(free(&s, 0, 3));
    assert!(targets(&s, 0, large).is_empty());
    assert!(select_hint(&s, 0, large).contains("cannot cap anything"));
    let mined = Source::Mined {
        from: s.towers()[0].id,
        index: 0,
    };
    assert!(select_hint(&s, 0, mined).contains("the table"));
}

#[test]
fn an_illegal_target_is_explained() {
    let s = state();
    let large = free(&s, 0, 3);
    let small = free(&s, 2, 1);
    match click_piece(&s, 0, Some(Source::Free(large)), small, 0) {
        Outcome::Explain(why) => assert!(why.contains("smaller")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn clicking_a_piece_of_another_colour_explains() {
    let s = state();
    match click_piece(&s, 0, None, free(&s, 1, 3), 0) {
        Outcome::Explain(why) => assert!(why.contains("own colour")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn mine_then_set_down_on_the_table() {
    let s = state();
    let from = s.towers()[0].id;
    let src = match click_piece(&s, 0, None, from, 1) {
        Outcome::Select(src) => src,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        click_table(&s, 0, Some(src)),
        Outcome::Play(Action::Mine {
            from,
            index: 1,
            onto: None
        })
    );
    // No mineback: clicking its own tower explains.
    match click_piece(&s, 0, Some(src), from, 2) {
        Outcome::Explain(why) => assert!(why.contains("minebacks")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_picked_pyramid_is_followed_when_another_seat_moves_under_it() {
    // Red picks its large pyramid out of Green-Green-Red-Red-Blue; Green mines a large from
    // below it: the pick moves down a place with it.
    let setup = Setup::new(3, 1);
    let tower = vec![p(1, 3), p(1, 3), p(0, 3), p(0, 2), p(2, 1)];
    let s = IceTowers::with_towers(&setup, &[tower]).unwrap();
    let t = s.towers()[0].id;
    let picked = Source::Mined { from: t, index: 2 };
    assert_eq!(follow(&s, picked, p(0, 3), &[]), Some(picked));
    let mut after = s.clone();
    let mine = Action::Mine {
        from: t,
        index: 0,
        onto: None,
    };
    after.apply(1, &mine).unwrap();
    let moved = follow(&after, picked, p(0, 3), &[mine]);
    assert_eq!(moved, Some(Source::Mined { from: t, index: 1 }));
    assert_eq!(
        click_table(&after, 0, moved),
        Outcome::Play(Action::Mine {
            from: t,
            index: 1,
            onto: None
        })
    );
    // A freestanding pick that someone caps is gone.
    let red = free(&after, 0, 1);
    let mut capped = after.clone();
    capped
        .apply(
            1,
            &Action::Cap {
                piece: free(&after, 1, 1),
                onto: red,
            },
        )
        .unwrap();
    assert_eq!(
        follow(&after, Source::Free(red), p(0, 1), &[]),
        Some(Source::Free(red))
    );
    assert_eq!(follow(&capped, Source::Free(red), p(0, 1), &[]), None);
}

#[test]
fn a_picked_pyramid_keeps_to_itself_among_identical_ones() {
    // Blue-Red-Blue-Red-Green, Red picks its upper medium; Blue mines its large from the bottom.
    // The pick moves down to the medium it was, not to the first Red medium of the tower.
    let setup = Setup::new(3, 1);
    let tower = vec![p(2, 3), p(0, 2), p(2, 2), p(0, 2), p(1, 1)];
    let s = IceTowers::with_towers(&setup, &[tower]).unwrap();
    let t = s.towers()[0].id;
    let picked = Source::Mined { from: t, index: 3 };
    let mine = Action::Mine {
        from: t,
        index: 0,
        onto: None,
    };
    let mut after = s.clone();
    after.apply(2, &mine).unwrap();
    let upper = Some(Source::Mined { from: t, index: 2 });
    assert_eq!(follow(&after, picked, p(0, 2), &[mine]), upper);
    assert_eq!(
        click_table(&after, 0, upper),
        Outcome::Play(Action::Mine {
            from: t,
            index: 2,
            onto: None
        }),
        "the tower left is Red-Blue-Green, as Red meant"
    );
    // Red-Red-Green-Green-Red, Red picks its top medium; Blue splits between the Greens. The pick
    // went off with the upper part: it is gone, though a Red medium still stands in the tower.
    let tower = vec![p(0, 3), p(0, 2), p(1, 2), p(1, 2), p(0, 2)];
    let s = IceTowers::with_towers(&setup, &[tower]).unwrap();
    let t = s.towers()[0].id;
    let split = Action::Split { tower: t, at: 3 };
    let mut after = s.clone();
    after.apply(2, &split).unwrap();
    let picked = Source::Mined { from: t, index: 4 };
    assert_eq!(follow(&after, picked, p(0, 2), &[split]), None);
    // A mine above it, or a cap on the tower, leaves it where it stood.
    let moves = [
        Action::Mine {
            from: t,
            index: 4,
            onto: None,
        },
        Action::Cap {
            piece: t + 1,
            onto: t,
        },
    ];
    let low = Source::Mined { from: t, index: 1 };
    assert_eq!(shifted(low, &moves), Some(low));
    assert_eq!(shifted(low, &moves[..1]), Some(low));
}

#[test]
fn with_two_human_seats_each_plays_for_the_pyramids_they_pick_up() {
    let seats = vec![SeatKind::Human, SeatKind::Human, SeatKind::Ai];
    let mut session = Session::new(state(), seats, 1);
    // Nothing picked: the first human seat, or the owner of a human colour's pyramid clicked.
    assert_eq!(acting_human(&session, None, None), Some(0));
    assert_eq!(acting_human(&session, None, Some(1)), Some(1));
    // An AI seat's pyramid does not take the mouse from the human who last played.
    assert_eq!(acting_human(&session, Some(1), Some(2)), Some(1));
    assert_eq!(acting_human(&session, Some(1), None), Some(1));
    // Once that seat has agreed to stop, the mouse goes back to one that may act.
    session.act(1, &Action::Stop).unwrap();
    assert_eq!(acting_human(&session, Some(1), Some(1)), Some(0));
}

#[test]
fn a_click_on_a_human_seats_pyramid_is_for_whoever_can_do_something_with_it() {
    use SeatKind::{Ai, Human};
    let session = Session::new(state(), vec![Human, Human, Human], 1);
    let t = session.state.towers()[0].id;
    let ask = |splitter| {
        ClickFor::Ask(Either {
            tower: t,
            index: 1,
            pyramid: p(0, 2),
            owner: 0,
            splitter,
        })
    };
    // Seat 0's pyramid on one of its own: seat 0 may mine it, seats 1 and 2 may split there.
    assert!(matches!(
        click_piece(&session.state, 0, None, t, 1),
        Outcome::Select(Source::Mined { .. })
    ));
    assert_eq!(owner_click(&session, 0, None, t, 1), ask(1));
    // The seat the mouse last played for is asked about first.
    assert_eq!(owner_click(&session, 0, Some(2), t, 1), ask(2));
    assert_eq!(owner_click(&session, 0, Some(0), t, 1), ask(1));
    // No split at the bottom pyramid: the click is the owner's mine.
    assert_eq!(owner_click(&session, 0, None, t, 0), ClickFor::Seat(0));
    // The other seats are AI seats, or have agreed to stop: the click is the owner's.
    let alone = Session::new(state(), vec![Human, Ai, Ai], 1);
    assert_eq!(owner_click(&alone, 0, None, t, 1), ClickFor::Seat(0));
    let mut stopped = Session::new(state(), vec![Human, Human, Ai], 1);
    stopped.act(1, &Action::Stop).unwrap();
    assert_eq!(owner_click(&stopped, 0, Some(1), t, 1), ClickFor::Seat(0));
    // Seat 0's colour tops the tower twice: it may not mine there, so the click can only be
    // the other human seat's split (with no other human seat, seat 0 is told why not).
    let topped = || IceTowers::with_towers(&Setup::new(3, 1), &[vec![p(0, 3), p(0, 2)]]);
    let top = Session::new(topped().unwrap(), vec![Human, Human, Ai], 1);
    let t = top.state.towers()[0].id;
    assert!(matches!(
        click_piece(&top.state, 0, None, t, 1),
        Outcome::Explain(_)
    ));
    assert_eq!(owner_click(&top, 0, None, t, 1), ClickFor::Seat(1));
    let top_alone = Session::new(topped().unwrap(), vec![Human, Ai, Ai], 1);
    assert_eq!(owner_click(&top_alone, 0, None, t, 1), ClickFor::Seat(0));
}

#[test]
fn an_answer_is_played_on_the_table_as_it_is_then() {
    use SeatKind::Human;
    let mut session = Session::new(state(), vec![Human, Human, Human], 1);
    let t = session.state.towers()[0].id;
    let ClickFor::Ask(either) = owner_click(&session, 0, None, t, 1) else {
        panic!("seat 0 may mine there and seat 1 split");
    };
    assert!(matches!(
        answer(&session, either, 0),
        Outcome::Select(Source::Mined { index: 1, .. })
    ));
    assert_eq!(
        answer(&session, either, 1),
        Outcome::Play(Action::Split { tower: t, at: 1 })
    );
    // Seat 2 splits the tower there first: the question no longer fits the table.
    session.act(2, &Action::Split { tower: t, at: 1 }).unwrap();
    for seat in [0, 1] {
        assert!(matches!(
            answer(&session, either, seat),
            Outcome::Explain(_)
        ));
    }
}

#[test]
fn clicking_the_upper_of_two_same_colour_pieces_splits() {
    let s = state();
    let t = s.towers()[1].id;
    assert_eq!(
        click_piece(&s, 0, None, t, 1),
        Outcome::Play(Action::Split { tower: t, at: 1 })
    );
    // For the seat whose colour it is, the same piece (under another colour) is mined, not split.
    assert_eq!(
        click_piece(&s, 2, None, t, 1),
        Outcome::Select(Source::Mined { from: t, index: 1 }),
        "own colour should not split"
    );
}

#[test]
fn clicking_the_selection_again_deselects() {
    let s = state();
    let mine = free(&s, 0, 2);
    assert_eq!(
        click_piece(&s, 0, Some(Source::Free(mine)), mine, 0),
        Outcome::Deselect
    );
    assert_eq!(
        click_table(&s, 0, Some(Source::Free(mine))),
        Outcome::Deselect
    );
}

/// A headless table of three seats (Red human, Green and Blue played from the test), in play.
fn table_app() -> App {
    use hoarfrost_rules::record::Recorder;
    let seats = vec![SeatKind::Human, SeatKind::Human, SeatKind::Human];
    let recorder = Recorder::<IceTowers>::new(Setup::new(3, 1)).unwrap();
    table_app_with(Session::recorded(recorder, seats, 1))
}

/// The same table playing `session`.
fn table_app_with(session: Session<IceTowers>) -> App {
    let mut app = crate::plugins::session::test_app::<IceTowers>();
    app.init_resource::<ButtonInput<KeyCode>>()
        .add_plugins(plugin);
    app.insert_resource(session);
    crate::systems::start_playing(&mut app);
    app
}

/// `seat` plays `action` through the session, as a click or an AI seat would.
fn play(app: &mut App, seat: Seat, action: Action) {
    let steps = |app: &App| app.world().resource::<Session<IceTowers>>().steps();
    let before = steps(app);
    app.world_mut()
        .write_message(PlayAction::<IceTowers> { seat, action });
    app.update();
    assert_eq!(steps(app), before + 1, "the move was played");
}

#[test]
fn on_the_table_a_pick_follows_its_own_pyramid_through_other_seats_moves() {
    let mut app = table_app();
    let state = |app: &App| app.world().resource::<Session<IceTowers>>().state.clone();
    // Blue large, Red medium, Blue medium, Red medium, Green small, built cap by cap.
    let s = state(&app);
    let t = free(&s, 2, 3);
    for (seat, pips) in [(0, 2), (2, 2), (0, 2), (1, 1)] {
        let piece = free(&state(&app), seat as u8, pips);
        play(&mut app, seat, Action::Cap { piece, onto: t });
    }
    let s = state(&app);
    assert_eq!(
        s.tower(t).unwrap().pieces,
        [p(2, 3), p(0, 2), p(2, 2), p(0, 2), p(1, 1)]
    );
    // Red picks its upper medium; Blue mines the large from under it.
    {
        let mut pointing = app.world_mut().resource_mut::<Pointing>();
        pointing.selection = Some(Source::Mined { from: t, index: 3 });
        pointing.picked = Some(p(0, 2));
    }
    app.update();
    let mine = Action::Mine {
        from: t,
        index: 0,
        onto: None,
    };
    play(&mut app, 2, mine);
    assert_eq!(
        app.world().resource::<Pointing>().selection,
        Some(Source::Mined { from: t, index: 2 }),
        "the pick is still the upper Red medium"
    );
    // Red large, Red medium, two Green mediums, Red medium, Blue small; Red picks the upper Red
    // medium and Blue splits between the Greens: the pick went off with the upper part, though a
    // Red medium still stands in the tower.
    let u = free(&state(&app), 0, 3);
    for (seat, pips) in [(0, 2), (1, 2), (1, 2), (0, 2), (2, 1)] {
        let piece = free(&state(&app), seat as u8, pips);
        play(&mut app, seat, Action::Cap { piece, onto: u });
    }
    {
        let mut pointing = app.world_mut().resource_mut::<Pointing>();
        pointing.selection = Some(Source::Mined { from: u, index: 4 });
        pointing.picked = Some(p(0, 2));
    }
    app.update();
    play(&mut app, 2, Action::Split { tower: u, at: 3 });
    assert_eq!(app.world().resource::<Pointing>().selection, None);
    assert!(
        app.world()
            .resource::<Notice>()
            .text
            .contains("took the pyramid you had picked up")
    );
    // An undo puts a pick down: pyramids may come back under it.
    {
        let mut pointing = app.world_mut().resource_mut::<Pointing>();
        pointing.selection = Some(Source::Mined { from: t, index: 2 });
        pointing.picked = Some(p(0, 2));
    }
    app.update();
    assert!(app.world_mut().resource_mut::<Session<IceTowers>>().undo());
    app.update();
    assert_eq!(app.world().resource::<Pointing>().selection, None);
}

#[test]
fn from_a_table_position_a_pick_stays_until_its_pyramid_is_taken() {
    // A game from a position has no record of the moves made since the pick.
    let seats = vec![SeatKind::Human, SeatKind::Human, SeatKind::Human];
    let mut app = table_app_with(Session::new(state(), seats, 1));
    let s = app.world().resource::<Session<IceTowers>>().state.clone();
    let red = free(&s, 0, 1);
    {
        let mut pointing = app.world_mut().resource_mut::<Pointing>();
        pointing.selection = Some(Source::Free(red));
        pointing.picked = Some(p(0, 1));
    }
    app.update();
    // Green caps elsewhere: the pick stays.
    let (green, blue) = (free(&s, 1, 1), free(&s, 2, 3));
    play(
        &mut app,
        1,
        Action::Cap {
            piece: green,
            onto: blue,
        },
    );
    assert_eq!(
        app.world().resource::<Pointing>().selection,
        Some(Source::Free(red))
    );
    // Blue caps the picked pyramid: it is put down, with a word why.
    let small = free(&s, 2, 1);
    play(
        &mut app,
        2,
        Action::Cap {
            piece: small,
            onto: red,
        },
    );
    assert_eq!(app.world().resource::<Pointing>().selection, None);
    let said = &app.world().resource::<Notice>().text;
    assert!(
        said.contains("took the pyramid you had picked up"),
        "{said}"
    );
}

#[test]
fn a_click_while_paused_picks_nothing_and_says_why() {
    use crate::plugins::core::pause::{REFUSED, set_paused};
    use crate::plugins::games::icetowers::table::PieceAt;
    let mut app = crate::plugins::session::test_app::<IceTowers>();
    app.init_resource::<Pointing>().add_observer(on_click);
    let s = IceTowers::new(&Setup::new(2, 1)).unwrap();
    let recorder = hoarfrost_rules::record::Recorder::<IceTowers>::new(Setup::new(2, 1)).unwrap();
    app.insert_resource(Session::recorded(
        recorder,
        vec![SeatKind::Human, SeatKind::Ai],
        1,
    ));
    crate::systems::start_playing(&mut app);
    set_paused(app.world_mut(), true);
    let tower = free(&s, 0, 1);
    let piece = app.world_mut().spawn(PieceAt { tower, index: 0 }).id();
    crate::plugins::core::testing::pick_test::left_click(app.world_mut(), piece);
    assert_eq!(app.world().resource::<Pointing>().selection, None);
    assert_eq!(app.world().resource::<Notice>().text, REFUSED);
    // Going on, the same click picks the pyramid, and the notice says what to do with it.
    set_paused(app.world_mut(), false);
    crate::plugins::core::testing::pick_test::left_click(app.world_mut(), piece);
    assert!(app.world().resource::<Pointing>().selection.is_some());
    assert!(!app.world().resource::<Notice>().text.is_empty());
    // Clicked again, it is put down, and that advice goes with it (as on Escape).
    crate::plugins::core::testing::pick_test::left_click(app.world_mut(), piece);
    assert_eq!(app.world().resource::<Pointing>().selection, None);
    assert_eq!(app.world().resource::<Notice>().text, "");
}
